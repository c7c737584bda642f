-- Catalogue: suppliers, categories, products, attributes, tax rules, CMS pages and blocks, store config.
-- Every table keeps the full document the storefront receives in `data` (docs/product-rules.md §3 shape) and copies the
-- fields that are filtered, sorted or joined on into columns. Every table has `updated_at` and a stable
-- primary key so that a change feed can be laid over it later.
-- Money: `*_cents` columns are integer euro cents; inside `data` prices are euros with 2 decimals
-- (the wire shape of docs/product-rules.md §3: price, price_incl_tax, special_price, minimum_order, …).

create table suppliers (
  id integer primary key,
  name text not null,
  slug text not null unique,
  url_key text not null unique,
  status text not null check (status in ('active', 'inactive', 'locked')),
  minimum_order_cents integer not null check (minimum_order_cents >= 0),
  activation_date timestamptz not null,
  data jsonb not null,
  updated_at timestamptz not null default now()
);
create index suppliers_activation on suppliers (activation_date desc, id);

create table categories (
  id integer primary key,
  parent_id integer,                         -- the root (id 2) has parent 1, which is not a row (Magento shape)
  name text not null,
  name_en text not null,
  url_key text,
  url_path text not null unique,
  slug text not null unique,
  path text not null,                        -- "1/2/10/25"
  level integer not null,
  position integer not null,
  is_active boolean not null default true,
  product_count integer not null default 0,
  children_count integer not null default 0,
  data jsonb not null,
  updated_at timestamptz not null default now()
);
create index categories_parent on categories (parent_id, position);

create table products (
  sku text primary key,
  id integer not null unique,
  parent_sku text,                           -- set on configurable children (visibility 1)
  type_id text not null check (type_id in ('simple', 'configurable', 'bundle', 'grouped')),
  status smallint not null,                  -- 1 enabled, 2 disabled
  visibility smallint not null,              -- 1 not visible individually, 4 catalogue and search
  supplier_id integer not null references suppliers (id),
  category_ids integer[] not null default '{}',
  name text not null,                        -- Greek (el-GR catalogue)
  name_en text not null,                     -- English (en-US catalogue)
  price_cents integer not null,              -- original price excluding VAT
  barcode text,                              -- EAN-13
  created_at timestamptz not null,
  data jsonb not null,
  updated_at timestamptz not null default now()
);
create index products_supplier on products (supplier_id);
create index products_parent on products (parent_sku) where parent_sku is not null;
create index products_updated on products (updated_at desc, sku);
create index products_categories on products using gin (category_ids);
create index products_barcode on products (barcode) where barcode is not null;
create index products_listing on products (status, visibility, type_id);

create table attributes (
  attribute_id integer primary key,
  attribute_code text not null unique,
  data jsonb not null,                       -- labels and options in both languages
  updated_at timestamptz not null default now()
);

create table tax_rules (
  id integer primary key,
  code text not null unique,
  data jsonb not null,                       -- {id, code, product_tax_class_ids, customer_tax_class_ids, rates}
  updated_at timestamptz not null default now()
);

create table cms_pages (
  id integer primary key,
  identifier text not null unique,
  is_active boolean not null default true,
  data jsonb not null,                       -- title/content in el-GR and en-US
  updated_at timestamptz not null default now()
);

create table cms_blocks (
  id integer primary key,
  identifier text not null unique,
  is_active boolean not null default true,
  data jsonb not null,
  updated_at timestamptz not null default now()
);

create table store_config (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
