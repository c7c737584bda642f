-- The buyer's data the storefront edits offline and sends later (docs/decisions/021-buyer-data-outbox.md):
-- saved addresses (the table exists) and billing details. Each save carries when the device made it; of two
-- saves of the same thing the later one stays, whatever order they arrive in.

alter table addresses add column saved_at bigint not null default 0;   -- the device's clock at the save, epoch ms
alter table addresses add column created_by text references customers (id) on delete set null;

create table buyer_billing (
  buyer_id text primary key references buyers (id) on delete cascade,
  company text not null,
  afm text not null,
  tax_office text not null,
  street text not null,
  city text not null,
  postcode text not null,
  saved_at bigint not null,                 -- the device's clock at the save, epoch ms
  updated_by text references customers (id) on delete set null,
  updated_at timestamptz not null default now()
);
