-- The buyer's requests (docs/decisions/021-buyer-data-outbox.md): a wholesale price, more suppliers, access to a
-- locked supplier. The device makes request_id, the idempotency key per buyer: a request the outbox sends twice
-- (a lost answer) is stored once, and the repeat is answered with the first.
create table buyer_requests (
  id bigserial primary key,
  buyer_id text not null references buyers (id) on delete cascade,
  customer_id text not null references customers (id) on delete cascade,
  request_id text not null,
  kind text not null check (kind in ('wholesale_price', 'add_suppliers', 'locked_supplier')),
  supplier_id integer references suppliers (id),
  sku text,
  path text,
  type text,
  message text not null default '',
  received_at timestamptz not null default now(),
  unique (buyer_id, request_id)
);
create index buyer_requests_supplier on buyer_requests (supplier_id, received_at desc);
