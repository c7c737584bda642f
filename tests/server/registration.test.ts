import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInfoSchema, customerSchema, loginResultSchema, sessionMetaSchema } from '../../src/contracts/auth';
import { envelopeSchema } from '../../src/contracts/envelope';
import { M } from '../../src/contracts/messages';
import { createBuyer, createCustomer, createRegistryCompany, uniqueAfm, uniqueEmail } from './helpers/factory';
import { createTestApp, json, type TestApp } from './helpers/test-app';

let t: TestApp;
let ipCounter = 0;
/** Each test uses its own client IP so the registration rate limit only bites where a test wants it to. */
const nextIp = () => `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const checkTaxId = (tax_id: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/client/user/check-tax-id', payload: { tax_id }, remoteAddress: ip });

function registration(afm: string, overrides: { email?: string; password?: string } = {}) {
  return {
    customer: { email: overrides.email ?? uniqueEmail('owner'), firstname: 'Νίκος', lastname: 'Ιωάννου', taxvat: afm },
    password: overrides.password ?? 'Strong#Pass1',
  };
}
const register = (payload: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/bridge/buyers', payload: payload as object, remoteAddress: ip });

describe('check-tax-id', () => {
  it('returns the company data from the registry (accepting an EL prefix and spaces)', async () => {
    const company = await createRegistryCompany(t.db);
    const res = await checkTaxId(`EL ${company.afm}`);
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(companyInfoSchema).parse(json(res));
    expect(body.result).toMatchObject({ afm: company.afm, legal_name: company.legalName, city: 'Αθήνα', postcode: '10671' });
  });

  it('404 for an unknown number and for a natural person', async () => {
    const person = await createRegistryCompany(t.db, { isCompany: false });
    for (const afm of [uniqueAfm(), person.afm]) {
      const res = await checkTaxId(afm);
      expect(res.statusCode, afm).toBe(404);
      expect(json(res).errors?.[0]?.description).toBe(M.companyNotFound);
    }
  });

  it('409 when the company is already a buyer', async () => {
    const company = await createRegistryCompany(t.db);
    await createBuyer(t.db, { afm: company.afm });
    const res = await checkTaxId(company.afm);
    expect(res.statusCode).toBe(409);
    expect(json(res).errors?.[0]?.description).toBe(M.buyerExists);
  });

  it('400 for an invalid tax number, naming the problem', async () => {
    const wrongDigit = await checkTaxId('123456789');
    expect(wrongDigit.statusCode).toBe(400);
    expect(json(wrongDigit).errors?.[0]?.description).toBe(M.taxNumberInvalid);
    const short = await checkTaxId('12345');
    expect(json(short).errors?.[0]?.description).toBe(M.taxNumberFormat);
    const wrongType = await checkTaxId(94259216);
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers 429 after 10 lookups a minute from one IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await checkTaxId(uniqueAfm(), '10.99.0.1')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
  });
});

describe('register (POST bridge/buyers)', () => {
  it('creates the buyer and its super user and signs them in', async () => {
    const company = await createRegistryCompany(t.db);
    const payload = registration(company.afm);
    const res = await register(payload);
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(loginResultSchema, sessionMetaSchema).parse(json(res));
    expect(body.meta.userData.buyers).toEqual([
      { id: expect.any(String), company: company.legalName, afm: company.afm, isSuperUser: true },
    ]);
    const me = await t.app.inject({ method: 'GET', url: '/api/bridge/user/me', headers: { authorization: `Bearer ${body.result}` } });
    // Signed in, but the address is not proven yet: a confirmation link went to it.
    expect(envelopeSchema(customerSchema).parse(json(me)).result).toMatchObject({
      email: payload.customer.email,
      firstname: 'Νίκος',
      email_confirmed: false,
    });
    const mail = (await t.waitForMails(1)).find((m) => m.to === payload.customer.email);
    expect(mail?.links?.confirm).toMatch(/^http:\/\/shop\.test\/confirm-email\?token=/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/client/user/login',
      payload: { username: payload.customer.email, password: payload.password },
    });
    expect(login.statusCode).toBe(200);
    // The same company cannot register twice.
    const again = await register(registration(company.afm));
    expect(again.statusCode).toBe(409);
    expect(json(again).errors?.[0]?.description).toBe(M.buyerExists);
  });

  it('409 when the email already has an account', async () => {
    const company = await createRegistryCompany(t.db);
    const existing = await createCustomer(t.db);
    const res = await register(registration(company.afm, { email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(json(res).errors?.[0]?.description).toBe(M.userExists);
    const buyers = await t.db.query('select 1 from buyers where afm = $1', [company.afm]);
    expect(buyers).toHaveLength(0);
  });

  it('404 when the registry does not know the company', async () => {
    const res = await register(registration(uniqueAfm()));
    expect(res.statusCode).toBe(404);
    expect(json(res).errors?.[0]?.description).toBe(M.companyNotFound);
  });

  it('400 for a weak password, with the rule as message', async () => {
    const company = await createRegistryCompany(t.db);
    for (const password of ['short1!', 'longpassword', 'NoDigits!!', '12345678!']) {
      const res = await register(registration(company.afm, { password }));
      expect(res.statusCode, password).toBe(400);
      expect(json(res).errors?.[0]?.description).toBe(M.passwordRule);
    }
  });

  it('400 for missing customer data and an invalid tax number', async () => {
    const missing = await register({ password: 'Strong#Pass1' });
    expect(missing.statusCode).toBe(400);
    expect((json(missing).meta?.fields as { path: string }[]).map((f) => f.path)).toContain('customer');
    const badAfm = await register(registration('123456789'));
    expect(badAfm.statusCode).toBe(400);
    expect(json(badAfm).errors?.[0]?.description).toBe(M.taxNumberInvalid);
  });
});
