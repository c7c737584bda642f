-- Catalogue search (docs/product-rules.md §7, §9; decision 007). Names are folded the way src/domain/search-folding.ts folds
-- them: accents off (unaccent), lower-case, final sigma as σ. Product names (Greek and English) are kept folded
-- in a generated `simple` tsvector (whole words and prefixes); typos go through the trigram-indexed vocabulary
-- of those words (search_words, below).
create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- unaccent() is only STABLE (its dictionary could change), so it cannot feed a generated column directly.
-- The wrapper pins the dictionary, which makes IMMUTABLE true in practice. The Greek capitals are mapped
-- explicitly because lower() leaves non-ASCII letters alone in a database created with the C locale.
create or replace function search_fold(value text) returns text
language sql immutable strict parallel safe
as $$
  select translate(
    lower(public.unaccent('public.unaccent'::regdictionary, value)),
    'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫϊϋς',
    'αβγδεζηθικλμνξοπρστυφχψωιυιυσ'
  )
$$;

alter table products
  add column search_tsv tsvector generated always as (to_tsvector('simple'::regconfig, search_fold(name || ' ' || name_en))) stored;
-- fastupdate off: PGlite runs no autovacuum, so a GIN pending list would never be merged and every search
-- would scan it linearly (measured: 20-30 ms per index lookup at 20,000 products instead of under 1 ms).
create index products_search_tsv on products using gin (search_tsv) with (fastupdate = off);
create index products_sku_lower on products (lower(sku));
create index products_sku_trgm on products using gin (lower(sku) gin_trgm_ops) with (fastupdate = off);
-- The catalogue's own GIN index (002) feeds the category aggregation and category matches: same reason.
alter index products_categories set (fastupdate = off);
select gin_clean_pending_list('products_categories'::regclass);

alter table categories
  add column search_name text generated always as (search_fold(name || ' ' || name_en)) stored,
  add column search_tsv tsvector generated always as (to_tsvector('simple'::regconfig, search_fold(name || ' ' || name_en))) stored;

alter table suppliers
  add column search_name text generated always as (search_fold(name)) stored;

-- The vocabulary of folded product-name words, for typo tolerance the way Elasticsearch's fuzzy query
-- works: a misspelt word is first expanded to the nearest real words (trigram similarity over this small
-- table), which are then looked up in the tsvector index. Trigram matching over every product name is
-- too slow on PGlite (about 40 µs a row). Words are only added: a stale word expands to nothing.
create table search_words (word text primary key);
create index search_words_trgm on search_words using gin (word gin_trgm_ops) with (fastupdate = off);

create function search_words_add() returns trigger
language plpgsql as $$
begin
  insert into search_words (word)
  select distinct w from new_rows r, unnest(tsvector_to_array(r.search_tsv)) as w
  on conflict (word) do nothing;
  return null;
end $$;

create trigger products_search_words_ins after insert on products referencing new table as new_rows
  for each statement execute function search_words_add();
create trigger products_search_words_upd after update on products referencing new table as new_rows
  for each statement execute function search_words_add();

insert into search_words (word)
select distinct w from products p, unnest(tsvector_to_array(p.search_tsv)) as w
on conflict (word) do nothing;
