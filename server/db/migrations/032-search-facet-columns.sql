-- Facet keys kept beside the product document, like migration 031 (decision 007 "Per-query cost", decision
-- 016). A filter, sort or aggregation on manufacturer, measurement unit, stock, new or sale read
-- `data->>'key'`, which decompresses the whole ~2.6 kB document per matched product (~40 µs each on
-- PGlite: 0.6 s for a terms aggregation over 15,000 products); the search's `matched` rows no longer carry
-- the document at all. A value of the wrong JSON type is a malformed document: it filters and buckets as
-- null rather than failing the write.
alter table products
  add column search_manufacturer integer generated always as (
    case when (data->>'manufacturer') ~ '^-?[0-9]{1,9}$' then (data->>'manufacturer')::integer end) stored,
  add column search_measurement_unit text generated always as (
    case when jsonb_typeof(data->'measurement_unit') = 'string' then data->>'measurement_unit' end) stored,
  add column search_in_stock boolean generated always as (
    case when jsonb_typeof(data->'is_in_stock') = 'boolean' then (data->>'is_in_stock')::boolean end) stored,
  add column search_new boolean generated always as (
    case when jsonb_typeof(data->'new') = 'boolean' then (data->>'new')::boolean end) stored,
  add column search_sale boolean generated always as (
    case when jsonb_typeof(data->'sale') = 'boolean' then (data->>'sale')::boolean end) stored;

analyze products;
