-- Catalogue change feed (docs/decisions/006-change-feed.md).
-- One row per document the storefront replicates: (feed, doc_key) -> seq. Every write to a catalogue table
-- re-stamps the rows of the documents it affects with a fresh seq; a deleted source row keeps its feed row,
-- which the bridge serves as a `_deleted` tombstone. Clients pull `seq > checkpoint` in seq order.
--
-- Commit order: a seq drawn when a transaction writes could otherwise commit after a later one, and a client
-- that already pulled past the later seq would skip the row forever. Each feed's seqs are therefore drawn
-- under a transaction-level advisory lock on that feed: a second writer waits in the trigger until the
-- first commits (locks are released only after the commit is visible), so seqs become visible in order.

create sequence catalog_feed_seq as bigint;

create table catalog_feed (
  feed text not null check (feed in ('products', 'categories', 'suppliers', 'catalog_meta')),
  doc_key text not null,
  seq bigint not null,
  changed_at timestamptz not null default now(),
  primary key (feed, doc_key)
);
create unique index catalog_feed_by_seq on catalog_feed (feed, seq);

-- Re-stamps `p_keys` of `p_feed` and tells listeners (delivered on commit, duplicates folded per transaction).
create function catalog_feed_touch(p_feed text, p_keys text[]) returns void
language plpgsql as $$
begin
  if p_keys is null or cardinality(p_keys) = 0 then
    return;
  end if;
  -- 727020 is this feed's lock class; hashtext gives one lock per feed name.
  perform pg_advisory_xact_lock(727020, hashtext(p_feed));
  insert into catalog_feed (feed, doc_key, seq, changed_at)
  select p_feed, k, nextval('catalog_feed_seq'), now()
  from (select distinct k from unnest(p_keys) as u(k) where k is not null order by k) as keys
  on conflict (feed, doc_key) do update set seq = excluded.seq, changed_at = excluded.changed_at;
  perform pg_notify('catalog_feed', p_feed);
end $$;

-- Generic statement trigger: TG_ARGV[0] is the feed, TG_ARGV[1] the key expression over a row `r`.
create function catalog_feed_rows_changed() returns trigger
language plpgsql as $$
declare
  keys text[];
  expr text := TG_ARGV[1];
begin
  if TG_OP = 'INSERT' then
    execute format('select array_agg(%s) from new_rows r', expr) into keys;
  elsif TG_OP = 'DELETE' then
    execute format('select array_agg(%s) from old_rows r', expr) into keys;
  else
    execute format('select array_agg(k) from (select %1$s as k from new_rows r union select %1$s from old_rows r) x', expr) into keys;
  end if;
  perform catalog_feed_touch(TG_ARGV[0], keys);
  return null;
end $$;

-- A product row affects its own document (unless it is a hidden configurable child, which only ever lives
-- embedded in its parent) and its parent's document (children are embedded there).
create function catalog_feed_product_keys(r products) returns text[]
language sql immutable as $$
  select array_remove(array[
    case when r.parent_sku is not null and r.visibility = 1 then null else r.sku end,
    r.parent_sku
  ], null)
$$;

create function catalog_feed_products_changed() returns trigger
language plpgsql as $$
declare
  keys text[];
begin
  if TG_OP = 'INSERT' then
    select array_agg(k) into keys from new_rows r, unnest(catalog_feed_product_keys(r)) k;
  elsif TG_OP = 'DELETE' then
    select array_agg(k) into keys from old_rows r, unnest(catalog_feed_product_keys(r)) k;
  else
    select array_agg(k) into keys from (
      select k from new_rows r, unnest(catalog_feed_product_keys(r)) k
      union
      select k from old_rows r, unnest(catalog_feed_product_keys(r)) k
    ) x;
  end if;
  perform catalog_feed_touch('products', keys);
  return null;
end $$;

-- Product documents carry supplier_name: renaming a supplier re-stamps that supplier's products.
create function catalog_feed_supplier_renamed() returns trigger
language plpgsql as $$
declare
  keys text[];
begin
  select array_agg(k) into keys
  from new_rows n
  join old_rows o on o.id = n.id and o.name is distinct from n.name
  join products p on p.supplier_id = n.id,
  unnest(catalog_feed_product_keys(p)) k;
  perform catalog_feed_touch('products', keys);
  return null;
end $$;

create trigger products_feed_ins after insert on products referencing new table as new_rows
  for each statement execute function catalog_feed_products_changed();
create trigger products_feed_upd after update on products referencing new table as new_rows old table as old_rows
  for each statement execute function catalog_feed_products_changed();
create trigger products_feed_del after delete on products referencing old table as old_rows
  for each statement execute function catalog_feed_products_changed();

create trigger suppliers_feed_ins after insert on suppliers referencing new table as new_rows
  for each statement execute function catalog_feed_rows_changed('suppliers', 'r.id::text');
create trigger suppliers_feed_upd after update on suppliers referencing new table as new_rows old table as old_rows
  for each statement execute function catalog_feed_rows_changed('suppliers', 'r.id::text');
create trigger suppliers_feed_del after delete on suppliers referencing old table as old_rows
  for each statement execute function catalog_feed_rows_changed('suppliers', 'r.id::text');
create trigger suppliers_feed_rename after update on suppliers referencing new table as new_rows old table as old_rows
  for each statement execute function catalog_feed_supplier_renamed();

create trigger categories_feed_ins after insert on categories referencing new table as new_rows
  for each statement execute function catalog_feed_rows_changed('categories', 'r.id::text');
create trigger categories_feed_upd after update on categories referencing new table as new_rows old table as old_rows
  for each statement execute function catalog_feed_rows_changed('categories', 'r.id::text');
create trigger categories_feed_del after delete on categories referencing old table as old_rows
  for each statement execute function catalog_feed_rows_changed('categories', 'r.id::text');

create trigger attributes_feed_ins after insert on attributes referencing new table as new_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''attribute:'' || r.attribute_code');
create trigger attributes_feed_upd after update on attributes referencing new table as new_rows old table as old_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''attribute:'' || r.attribute_code');
create trigger attributes_feed_del after delete on attributes referencing old table as old_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''attribute:'' || r.attribute_code');

create trigger tax_rules_feed_ins after insert on tax_rules referencing new table as new_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''tax_rule:'' || r.id');
create trigger tax_rules_feed_upd after update on tax_rules referencing new table as new_rows old table as old_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''tax_rule:'' || r.id');
create trigger tax_rules_feed_del after delete on tax_rules referencing old table as old_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''tax_rule:'' || r.id');

create trigger cms_pages_feed_ins after insert on cms_pages referencing new table as new_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''cms_page:'' || r.identifier');
create trigger cms_pages_feed_upd after update on cms_pages referencing new table as new_rows old table as old_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''cms_page:'' || r.identifier');
create trigger cms_pages_feed_del after delete on cms_pages referencing old table as old_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''cms_page:'' || r.identifier');

create trigger cms_blocks_feed_ins after insert on cms_blocks referencing new table as new_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''cms_block:'' || r.identifier');
create trigger cms_blocks_feed_upd after update on cms_blocks referencing new table as new_rows old table as old_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''cms_block:'' || r.identifier');
create trigger cms_blocks_feed_del after delete on cms_blocks referencing old table as old_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''cms_block:'' || r.identifier');

create trigger store_config_feed_ins after insert on store_config referencing new table as new_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''store_config:'' || r.key');
create trigger store_config_feed_upd after update on store_config referencing new table as new_rows old table as old_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''store_config:'' || r.key');
create trigger store_config_feed_del after delete on store_config referencing old table as old_rows
  for each statement execute function catalog_feed_rows_changed('catalog_meta', '''store_config:'' || r.key');

-- A database that already holds a catalogue gets every current document into the feed once.
select catalog_feed_touch('suppliers', (select array_agg(id::text) from suppliers));
select catalog_feed_touch('categories', (select array_agg(id::text) from categories));
select catalog_feed_touch('products', (select array_agg(k) from products p, unnest(catalog_feed_product_keys(p)) k));
select catalog_feed_touch('catalog_meta', (
  select array_agg(k) from (
    select 'attribute:' || attribute_code as k from attributes
    union all select 'tax_rule:' || id from tax_rules
    union all select 'cms_page:' || identifier from cms_pages
    union all select 'cms_block:' || identifier from cms_blocks
    union all select 'store_config:' || key from store_config
  ) m
));
