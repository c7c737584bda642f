import { afmCheckDigit } from '../../src/domain/afm';
import { slugify } from '../../src/domain/slug';
import { BUYER_COMPANIES, NATURAL_PERSONS, PROSPECT_COMPANIES, type CompanyDef } from './data/companies';
import { FIRST_NAMES, PLACES, STREETS, type Place } from './data/places';
import { createRng, type Rng } from './prng';
import { DAY_MS, SEED_EPOCH, type AddressRow, type BuyerRow, type BuyerUserRow, type CustomerRow, type RegistryRow } from './types';

/** The demo accounts of the README: every one logs in with this password. */
export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_EMAILS = { superUser: 'super@demo.gr', user: 'user@demo.gr', admin: 'admin@demo.gr' } as const;

export interface Accounts {
  customers: CustomerRow[];
  buyers: BuyerRow[];
  buyerUsers: BuyerUserRow[];
  addresses: AddressRow[];
  registry: RegistryRow[];
}

export const afmOf = (def: CompanyDef): string => def.afm8 + String(afmCheckDigit(def.afm8));
const placeOf = (def: CompanyDef): Place => PLACES[def.placeIndex] ?? (PLACES[0] as Place);
const pad = (n: number): string => String(n).padStart(4, '0');
const landline = (rng: Rng, place: Place): string =>
  place.phonePrefix + String(rng.int(0, 10 ** (10 - place.phonePrefix.length) - 1)).padStart(10 - place.phonePrefix.length, '0');
const mobile = (rng: Rng): string => `69${rng.pick(['4', '7', '8', '9'])}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;
const domainOf = (def: CompanyDef): string => `${slugify(def.tradeName)}.example.gr`;
const at = (days: number): string => new Date(Date.parse(SEED_EPOCH) - days * DAY_MS).toISOString();

function registryRow(def: CompanyDef, isCompany: boolean): RegistryRow {
  const place = placeOf(def);
  return {
    afm: afmOf(def),
    legal_name: def.legalName,
    trade_name: def.tradeName || null,
    tax_office: place.taxOffice,
    legal_form: def.legalForm,
    street: def.street,
    city: place.city,
    postcode: place.postcode,
    activity: def.activity,
    is_company: isCompany,
    active: true,
  };
}

function buyerRow(def: CompanyDef, index: number, rng: Rng): BuyerRow {
  const place = placeOf(def);
  return {
    id: `buyer-${pad(index + 1)}`,
    afm: afmOf(def),
    company: def.legalName,
    trade_name: def.tradeName,
    tax_office: place.taxOffice,
    legal_form: def.legalForm,
    street: def.street,
    city: place.city,
    postcode: place.postcode,
    phone: landline(rng, place),
    email: `info@${domainOf(def)}`,
    created_at: at(400 - index * 30),
  };
}

const ALIASES = ['Έδρα', 'Αποθήκη', 'Δεύτερο κατάστημα'];
const COMMENTS = ['', 'Παράδοση 08:00–12:00', 'Κουδούνι στην πίσω είσοδο', 'Καλέστε πριν την παράδοση'];

function addressRows(buyer: BuyerRow, def: CompanyDef, index: number, rng: Rng): AddressRow[] {
  const count = index < 2 ? 2 + index : rng.int(1, 3);
  return Array.from({ length: count }, (_, k) => {
    const place = k === 0 ? placeOf(def) : rng.pick(PLACES);
    const person = rng.pick(FIRST_NAMES);
    const [street, number] =
      k === 0 ? [def.street.replace(/\s+\d+$/, ''), def.street.match(/(\d+)$/)?.[1] ?? '1'] : [rng.pick(STREETS), String(rng.int(1, 180))];
    return {
      id: `addr-${pad(index + 1)}-${k + 1}`,
      buyer_id: buyer.id,
      alias: ALIASES[k] ?? `Διεύθυνση ${k + 1}`,
      firstname: person.first,
      lastname: person.last,
      street,
      street_number: number,
      city: place.city,
      postcode: place.postcode,
      region: place.region,
      area: '',
      country: 'GR',
      phone: k === 0 ? landline(rng, place) : mobile(rng),
      comment: rng.pick(COMMENTS),
      is_default: k === 0,
      updated_at: at(300 - index * 20 - k),
      deleted: false,
    };
  });
}

interface Person {
  id: string;
  email: string;
  first: string;
  last: string;
  isAdmin: boolean;
  memberships: [number, boolean][];
}

/** The three README accounts, then an owner (super user) for every other buyer and a colleague for each. */
function people(): Person[] {
  const list: Person[] = [
    {
      id: 'cust-0001',
      email: DEMO_EMAILS.superUser,
      first: 'Γιώργος',
      last: 'Παπαδόπουλος',
      isAdmin: false,
      memberships: [
        [0, true],
        [1, true],
      ],
    },
    { id: 'cust-0002', email: DEMO_EMAILS.user, first: 'Μαρία', last: 'Νικολάου', isAdmin: false, memberships: [[0, false]] },
    {
      id: 'cust-0003',
      email: DEMO_EMAILS.admin,
      first: 'Ελένη',
      last: 'Διαχειρίστρια',
      isAdmin: true,
      memberships: [[BUYER_COMPANIES.length - 1, false]],
    },
  ];
  BUYER_COMPANIES.forEach((def, b) => {
    const owner = FIRST_NAMES[(b * 2 + 2) % FIRST_NAMES.length] ?? { first: 'Νίκος', last: 'Ιωάννου' };
    const colleague = FIRST_NAMES[(b * 2 + 3) % FIRST_NAMES.length] ?? { first: 'Σοφία', last: 'Μακρή' };
    const email = (p: { first: string; last: string }): string => `${slugify(p.first)}.${slugify(p.last)}@${domainOf(def)}`;
    if (b >= 2) list.push({ id: '', email: email(owner), first: owner.first, last: owner.last, isAdmin: false, memberships: [[b, true]] });
    list.push({ id: '', email: email(colleague), first: colleague.first, last: colleague.last, isAdmin: false, memberships: [[b, false]] });
  });
  return list.map((p, i) => ({ ...p, id: p.id || `cust-${pad(i + 1)}` }));
}

export function generateAccounts(passwordHash: string): Accounts {
  const rng = createRng('accounts');
  const buyers = BUYER_COMPANIES.map((def, i) => buyerRow(def, i, rng));
  const addresses = BUYER_COMPANIES.flatMap((def, i) => addressRows(buyers[i] as BuyerRow, def, i, rng));
  const customers: CustomerRow[] = [];
  const buyerUsers: BuyerUserRow[] = [];
  people().forEach((p, i) => {
    const firstBuyer = buyers[p.memberships[0]?.[0] ?? 0];
    const defaultAddress = addresses.find((a) => a.buyer_id === firstBuyer?.id && a.is_default);
    customers.push({
      id: p.id,
      email: p.email,
      firstname: p.first,
      lastname: p.last,
      password_hash: passwordHash,
      is_admin: p.isAdmin,
      show_prices_with_vat: i % 3 === 1,
      group_id: 1,
      default_shipping: defaultAddress?.id ?? null,
      email_confirmed_at: at(380 - i * 10),
      created_at: at(380 - i * 10),
      updated_at: at(200 - i * 5),
    });
    for (const [b, isSuper] of p.memberships) {
      const buyer = buyers[b];
      if (buyer) buyerUsers.push({ buyer_id: buyer.id, customer_id: p.id, is_super_user: isSuper, created_at: at(370 - i * 10) });
    }
  });
  const registry = [
    ...BUYER_COMPANIES.map((d) => registryRow(d, true)),
    ...PROSPECT_COMPANIES.map((d) => registryRow(d, true)),
    ...NATURAL_PERSONS.map((d) => registryRow(d, false)),
  ];
  return { customers, buyers, buyerUsers, addresses, registry };
}
