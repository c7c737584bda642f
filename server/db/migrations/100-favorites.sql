-- Favourites (docs/decisions/022-favourites.md): the buyer's list of products, shared by every user of the
-- buyer. The storefront replicates them as documents keyed by sku: every write takes the next value of
-- favorites_seq, the pull checkpoint; a removal stays as a tombstone so other devices learn of it.
create sequence favorites_seq;

create table favorites (
  buyer_id text not null references buyers (id) on delete cascade,
  sku text not null,
  supplier_id text not null,
  doc jsonb not null,                        -- the document as the storefront sent it
  deleted boolean not null default false,
  updated_at bigint not null,                -- the device's clock, epoch ms (part of the document)
  seq bigint not null default nextval('favorites_seq'),
  primary key (buyer_id, sku)
);
create index favorites_pull on favorites (buyer_id, seq);
