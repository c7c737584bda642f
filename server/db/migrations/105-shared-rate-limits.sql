-- Rate-limit counters shared by every bridge instance on one PostgreSQL (docs/decisions/027-several-bridge-instances.md).
-- Only the PostgreSQL store writes here (server/http/limit-store.ts); embedded PGlite is one process and
-- counts in memory. Unlogged: the counters are not worth a WAL write per request, and after a crash
-- PostgreSQL empties them, which only gives every client a fresh budget.

-- Fixed windows (server/http/rate-limits.ts): sign-in attempts, reset mails, registrations.
create unlogged table rate_limit_windows (
  counter text not null,            -- "<rule name>/<window ms>"
  key text not null,                -- the client address, the account, the customer
  count integer not null,
  ends_at timestamptz not null,
  primary key (counter, key)
);

-- Token buckets (server/http/customer-rate-limit.ts): searches, orders, requests per customer.
create unlogged table rate_limit_buckets (
  bucket text not null,             -- which limit ("search", "orders", ...)
  key text not null,                -- the customer
  tokens double precision not null, -- the level at `at`
  at timestamptz not null,
  taken boolean not null,           -- whether the last request got a token
  full_at timestamptz not null,     -- when the bucket is full again: a row past it is no different from no row
  primary key (bucket, key)
);
