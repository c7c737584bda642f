-- Requests for credit terms (docs/decisions/023-credit-terms.md). A request that created a term or re-opened a
-- rejected one is kept under the device's request id, the idempotency key per buyer: when the outbox sends it again
-- (a lost answer), even after the supplier rejected it meanwhile, it changes nothing. A request that changed nothing
-- (the term was pending or approved already) is not kept, so repeats cannot grow the table.
create table credit_term_requests (
  buyer_id text not null references buyers (id) on delete cascade,
  request_id text not null,
  customer_id text not null references customers (id) on delete cascade,
  supplier_id text not null,
  received_at timestamptz not null default now(),
  primary key (buyer_id, request_id)
);
