import { afmCheckDigit } from '../../../src/domain/afm';
import { NATURAL_PERSONS, PROSPECT_COMPANIES, type CompanyDef } from '../../../server/seed/data/companies';

export type SeedCompany = { afm: string; legalName: string };

const withAfm = (c: CompanyDef): SeedCompany => ({ afm: `${c.afm8}${afmCheckDigit(c.afm8)}`, legalName: c.legalName });

/**
 * Registering or adding a company consumes it (a second registration is refused), so every test that does owns
 * a fixed slot of the seed's prospect companies, and a retry moves to an unused one. Each run starts from
 * a fresh seed (the web server wipes its data directory).
 */
export const REGISTRATION_SLOTS = {
  register: 0,
  duplicate: 1,
  passwordReset: 2,
  addCompany: 3,
  addCompanyOwner: 4,
  offlineImages: 5,
} as const;

export function prospectCompany(slot: number, retry: number): SeedCompany {
  const index = slot + retry * Object.keys(REGISTRATION_SLOTS).length;
  const company = PROSPECT_COMPANIES[index];
  if (!company) throw new Error(`the seed has only ${PROSPECT_COMPANIES.length} prospect companies; slot ${index} is missing`);
  return withAfm(company);
}

export function naturalPerson(): SeedCompany {
  const person = NATURAL_PERSONS[0];
  if (!person) throw new Error('the seed has no natural person in its company registry');
  return withAfm(person);
}
