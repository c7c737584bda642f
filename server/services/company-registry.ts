import type { Queryable } from '../db/client';
import type { CompanyInfo } from '../../src/contracts/auth';

export type RegistryEntry = CompanyInfo & { isCompany: boolean; active: boolean };

/**
 * Who is behind a Greek tax number. The default answers from the local `company_registry` table (seeded
 * demo companies); an adapter for the public AADE RgWsPublic2 service can implement the same interface.
 */
export interface CompanyRegistry {
  lookup(afm: string): Promise<RegistryEntry | undefined>;
}

type Row = {
  afm: string;
  legal_name: string;
  trade_name: string | null;
  tax_office: string;
  legal_form: string;
  street: string;
  city: string;
  postcode: string;
  activity: string;
  is_company: boolean;
  active: boolean;
};

export function localCompanyRegistry(q: Queryable): CompanyRegistry {
  return {
    async lookup(afm) {
      const [r] = await q.query<Row>(
        'select afm, legal_name, trade_name, tax_office, legal_form, street, city, postcode, activity, is_company, active from company_registry where afm = $1',
        [afm],
      );
      if (!r) return undefined;
      return {
        afm: r.afm,
        legal_name: r.legal_name,
        trade_name: r.trade_name,
        tax_office: r.tax_office,
        legal_form: r.legal_form,
        street: r.street,
        city: r.city,
        postcode: r.postcode,
        activity: r.activity,
        isCompany: r.is_company,
        active: r.active,
      };
    },
  };
}

/** Only active companies may register; natural persons and closed businesses may not. */
export function canRegister(entry: RegistryEntry | undefined): entry is RegistryEntry {
  return entry !== undefined && entry.isCompany && entry.active;
}

export function toCompanyInfo(entry: RegistryEntry): CompanyInfo {
  const { isCompany: _c, active: _a, ...info } = entry;
  return info;
}
