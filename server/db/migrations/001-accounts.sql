-- Accounts: customers (people), buyers (companies), membership, tokens, the local company registry.
create extension if not exists pg_trgm;
create extension if not exists unaccent;

create table customers (
  id text primary key,
  email text not null,
  firstname text not null,
  lastname text not null,
  password_hash text,                       -- null until an invited user creates a password
  is_admin boolean not null default false,
  show_prices_with_vat boolean not null default false,
  group_id integer not null default 1,
  default_shipping text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index customers_email_key on customers (lower(email));

create table buyers (
  id text primary key,
  afm text not null unique,
  company text not null,
  trade_name text,
  tax_office text not null default '',
  legal_form text not null default '',
  street text not null default '',
  city text not null default '',
  postcode text not null default '',
  phone text not null default '',
  email text not null default '',
  created_at timestamptz not null default now()
);

create table buyer_users (
  buyer_id text not null references buyers (id) on delete cascade,
  customer_id text not null references customers (id) on delete cascade,
  is_super_user boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (buyer_id, customer_id)
);
create index buyer_users_customer on buyer_users (customer_id);

create table addresses (
  id text primary key,
  buyer_id text not null references buyers (id) on delete cascade,
  alias text not null,
  firstname text not null,
  lastname text not null,
  street text not null,
  street_number text not null,
  city text not null,
  postcode text not null,
  region text not null,
  area text not null default '',
  country text not null default 'GR',
  phone text not null,
  comment text not null default '',
  is_default boolean not null default false,
  updated_at timestamptz not null default now(),
  deleted boolean not null default false
);
create index addresses_buyer on addresses (buyer_id);

-- The default company registry: what the public AADE service would answer for a tax number.
create table company_registry (
  afm text primary key,
  legal_name text not null,
  trade_name text,
  tax_office text not null,
  legal_form text not null,
  street text not null,
  city text not null,
  postcode text not null,
  activity text not null,
  is_company boolean not null default true,   -- false for natural persons: they cannot register
  active boolean not null default true
);

-- Refresh tokens are stored hashed; every use rotates the token inside its family, and the reuse of
-- a used token revokes the whole family.
create table refresh_tokens (
  token_hash text primary key,
  family_id text not null,
  customer_id text not null references customers (id) on delete cascade,
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_family on refresh_tokens (family_id);

-- One-time tokens for password reset and password creation, stored hashed.
create table password_tokens (
  token_hash text primary key,
  customer_id text not null references customers (id) on delete cascade,
  purpose text not null check (purpose in ('reset', 'create')),
  expires_at timestamptz not null,
  used_at timestamptz
);
