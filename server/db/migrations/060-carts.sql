-- The cart on the bridge (docs/decisions/018-cart.md): one cart per customer and buyer. The same person
-- on a phone and a laptop shares it; a colleague at the same buyer has their own; a sales rep serving
-- several buyers keeps one per buyer. Lines and per-supplier choices are documents the storefront
-- replicates: every write takes the next value of cart_seq, which is the pull checkpoint.

create sequence cart_seq;

create table cart_lines (
  customer_id text not null references customers (id) on delete cascade,
  buyer_id text not null references buyers (id) on delete cascade,
  id text not null,                          -- made on the device, so lines can be created offline
  sku text not null,
  supplier_id text not null,
  qty integer not null check (qty between 1 and 100000),
  price_cents integer not null check (price_cents >= 0),
  tax_rate numeric(7, 4) not null check (tax_rate between 0 and 100),
  doc jsonb not null,                        -- the line document as the storefront sent it
  deleted boolean not null default false,    -- kept as a tombstone so other devices learn of the removal
  updated_at bigint not null,                -- the device's clock, epoch ms (part of the document)
  seq bigint not null default nextval('cart_seq'),
  primary key (customer_id, buyer_id, id)
);
create index cart_lines_pull on cart_lines (customer_id, buyer_id, seq);

create table cart_suppliers (
  customer_id text not null references customers (id) on delete cascade,
  buyer_id text not null references buyers (id) on delete cascade,
  supplier_id text not null,
  doc jsonb not null,
  deleted boolean not null default false,
  updated_at bigint not null,
  seq bigint not null default nextval('cart_seq'),
  primary key (customer_id, buyer_id, supplier_id)
);
create index cart_suppliers_pull on cart_suppliers (customer_id, buyer_id, seq);

create table coupons (
  code text primary key,                     -- upper case
  kind text not null check (kind in ('percent', 'fixed')),
  value integer not null check (value > 0),  -- percent, or cents
  supplier_id text,                          -- only this supplier's goods; all when null
  min_subtotal_cents integer,                -- incl. VAT, of the eligible goods
  expires_at timestamptz
);

create table cart_coupons (
  customer_id text not null references customers (id) on delete cascade,
  buyer_id text not null references buyers (id) on delete cascade,
  code text not null references coupons (code) on delete cascade,
  primary key (customer_id, buyer_id)
);

-- Credit terms a supplier granted a buyer (docs/product-rules.md §3): payment method 3 needs `approved`.
create table credit_terms (
  buyer_id text not null references buyers (id) on delete cascade,
  supplier_id text not null,
  status text not null check (status in ('pending', 'approved', 'rejected')),
  updated_at timestamptz not null default now(),
  primary key (buyer_id, supplier_id)
);

-- The delivery address and shipping method the checkout chose for this cart (cart/shipping-information).
create table cart_shipping (
  customer_id text not null references customers (id) on delete cascade,
  buyer_id text not null references buyers (id) on delete cascade,
  address jsonb not null,
  method_code text not null,
  carrier_code text not null,
  updated_at timestamptz not null default now(),
  primary key (customer_id, buyer_id)
);

-- Live cart events: every committed write to a cart tells the bridge instances (LISTEN cart_changes) whose
-- cart moved, as "<customer_id>:<buyer_id>"; they tell that customer's open event streams, whose leader tab
-- then pulls. PostgreSQL delivers a payload once per transaction however many rows it wrote.
create function cart_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('cart_changes', new.customer_id || ':' || new.buyer_id);
  return null;
end;
$$;
create trigger cart_lines_notify after insert or update on cart_lines for each row execute function cart_notify();
create trigger cart_suppliers_notify after insert or update on cart_suppliers for each row execute function cart_notify();
