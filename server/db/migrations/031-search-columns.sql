-- Search keys kept beside the product document (decision 007, "Per-query cost"). Product documents are
-- about 2.6 kB of JSON, so PostgreSQL stores them compressed, and every `data->>'key'` a search evaluated
-- per matched row (price sort and price ranges, the default name_az sort) decompressed the whole
-- document: on PGlite that was most of a category listing's time. These columns are read instead.
-- A non-numeric price or a non-string name_az is a malformed document: it sorts and buckets as null
-- rather than failing the write.
alter table products
  add column search_final_price numeric generated always as (
    case when jsonb_typeof(data->'final_price') = 'number' then (data->>'final_price')::numeric end) stored,
  add column search_name_az text generated always as (
    case when jsonb_typeof(data->'name_az') = 'string' then data->>'name_az' end) stored,
  -- Distinct words of the folded names (what length(search_tsv) counts): the denominator of the
  -- "name made only of the searched words" bonus, without reading the tsvector of every candidate.
  add column search_word_count integer generated always as (
    length(to_tsvector('simple'::regconfig, search_fold(name || ' ' || name_en)))) stored;

analyze products;
