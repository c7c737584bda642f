-- Orders (docs/decisions/020-orders.md): one row per supplier order a buyer placed. The device makes the
-- order's id, which is the idempotency key: unique per buyer, so an order sent twice (a lost answer, a retry
-- from another tab or from the service worker) is stored once and the repeat gets the stored confirmation.

create sequence order_number_seq start with 100001;
create sequence order_seq;

create table orders (
  backend_order_id bigint primary key default nextval('order_number_seq'),
  buyer_id text not null references buyers (id) on delete cascade,
  customer_id text not null references customers (id) on delete cascade,
  order_id text not null,                    -- made on the device: the idempotency key
  hash text not null,                        -- SHA3-224 of the content, as the device computed it
  supplier_id integer not null references suppliers (id),
  status text not null check (status in ('pending', 'pending_approval', 'accepted', 'canceled', 'closed')),
  payment_method smallint not null check (payment_method between 1 and 4),
  content jsonb not null,                    -- the order as placed: lines, comment, address, shipping method
  grand_total_cents integer not null,
  confirmation jsonb not null,               -- the answer, repeated verbatim for a repeated order_id
  placed_at bigint not null,                 -- the device's clock when the buyer placed it, epoch ms
  received_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  seq bigint not null default nextval('order_seq'),
  unique (buyer_id, order_id)
);
create index orders_buyer_placed on orders (buyer_id, placed_at desc);
create index orders_buyer_seq on orders (buyer_id, seq);
