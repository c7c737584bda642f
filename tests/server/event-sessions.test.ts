import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { MAX_STREAMS_PER_CUSTOMER } from '../../server/services/change-feed/session-streams';
import { eventsTicketSchema } from '../../src/contracts/sync';
import { envelopeSchema } from '../../src/contracts/envelope';
import { M } from '../../src/contracts/messages';
import { createCustomer, TEST_PASSWORD, type TestCustomer } from './helpers/factory';
import { isEndFor, isResync, openStream, type Stream } from './helpers/sse-stream';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/**
 * Live-event streams belong to a session: an events ticket (not the access token) opens one, ending the
 * session closes its streams, and a customer keeps a bounded number open. Instance A (`t.app`) and
 * instance B (`other`) share one database; B learns of sessions ended on A only from the database.
 */
let nowMs = Date.now();
const clock = { now: () => nowMs };
const events = { sessionCheckMs: 50, heartbeatMs: 100 };

let t: TestApp;
let other: FastifyInstance;
const base: Record<'a' | 'b', string> = { a: '', b: '' };
const open: Stream[] = [];

const origin = (app: FastifyInstance): string => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  t = await createTestApp({ clock, events });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  other = await buildApp({ config: t.config, db: t.db, clock, events, logger: false, distDir: path.join(t.config.dataDir, 'no-dist') });
  await other.listen({ port: 0, host: '127.0.0.1' });
  base.a = origin(t.app);
  base.b = origin(other);
});
afterAll(async () => {
  for (const s of open) s.close();
  await other?.close();
  await t.close();
});

let ipCounter = 0;
const post = (url: string, payload: object | undefined, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    remoteAddress: `10.50.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

type Session = { token: string; refreshToken: string };

async function login(user: TestCustomer): Promise<Session> {
  const res = await post('/api/client/user/login', { username: user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  const body = json(res);
  return { token: body.result as string, refreshToken: (body.meta as { refreshToken: string }).refreshToken };
}

async function ticketFor(session: Session): Promise<string> {
  const res = await post('/api/events/ticket', undefined, session.token);
  expect(res.statusCode).toBe(200);
  const body = envelopeSchema(eventsTicketSchema).parse(json(res));
  expect(body.result.expiresIn).toBe(60);
  return body.result.ticket;
}

async function stream(session: Session, on: 'a' | 'b' = 'a'): Promise<Stream> {
  const s = await openStream(`${base[on]}/api/events?token=${await ticketFor(session)}`);
  open.push(s);
  expect(s.status).toBe(200);
  await s.waitFor(isResync, 2000);
  return s;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, fail) => setTimeout(() => fail(new Error(`${what}: not within ${ms} ms`)), ms))]);
}

/** Still open: a heartbeat arrives after this moment (the bridge writes one every 100 ms here). */
async function expectAlive(s: Stream): Promise<void> {
  const seen = s.messages.length;
  await s.waitFor((m) => m === ': heartbeat' && s.messages.lastIndexOf(m) >= seen, 2000);
}

async function expectClosedFor(s: Stream, reason: 'session' | 'limit'): Promise<void> {
  await within(s.ended, 2000, 'stream end');
  expect(s.messages.at(-1)).toSatisfy(isEndFor(reason));
}

describe('opening the stream', () => {
  it('takes an events ticket in the URL, never the access token, and the ticket only there', async () => {
    const session = await login(await createCustomer(t.db));
    expect((await post('/api/events/ticket', undefined)).statusCode).toBe(401);
    // Over real HTTP: were the rule broken, an accepted stream would never end and inject() would hang.
    const withAccessToken = await openStream(`${base.a}/api/events?token=${session.token}`);
    open.push(withAccessToken);
    expect(withAccessToken.status).toBe(401);
    const ticket = await ticketFor(session);
    const inHeader = await t.app.inject({ method: 'GET', url: '/api/events', headers: { authorization: `Bearer ${ticket}` } });
    expect(inHeader.statusCode).toBe(401);
    expect(json(inHeader).errors?.[0]?.description).toBe(M.notAuthorized);
    const asAccessToken = await t.app.inject({ method: 'GET', url: '/api/bridge/user/me', headers: { authorization: `Bearer ${ticket}` } });
    expect(asAccessToken.statusCode).toBe(401);
    const s = await openStream(`${base.a}/api/events?token=${ticket}`);
    open.push(s);
    expect(s.status).toBe(200);
  });

  it('refuses a ticket after its minute, and a ticket of an ended session', async () => {
    const session = await login(await createCustomer(t.db));
    const ticket = await ticketFor(session);
    nowMs += 61_000;
    expect((await openStream(`${base.a}/api/events?token=${ticket}`)).status).toBe(401);
    const fresh = await ticketFor(session);
    await post('/api/client/user/logout', { refreshToken: session.refreshToken });
    expect((await openStream(`${base.a}/api/events?token=${fresh}`)).status).toBe(401);
  });
});

describe('ending a session closes its streams', () => {
  it('logout: the streams of that session at once, not those of the same customer on another device', async () => {
    const user = await createCustomer(t.db);
    const phone = await login(user);
    const laptop = await login(user);
    const phoneStreams = [await stream(phone), await stream(phone, 'b')];
    const laptopStream = await stream(laptop);
    expect((await post('/api/client/user/logout', { refreshToken: phone.refreshToken })).statusCode).toBe(200);
    for (const s of phoneStreams) await expectClosedFor(s, 'session');
    await expectAlive(laptopStream);
  });

  it('password change: every stream of the customer, on both instances', async () => {
    const user = await createCustomer(t.db);
    const phone = await login(user);
    const laptop = await login(user);
    const bystander = await stream(await login(await createCustomer(t.db)));
    const streams = [await stream(phone), await stream(laptop, 'b')];
    const res = await post('/api/client/user/password/change', { old_password: TEST_PASSWORD, new_password: 'Fresh#Pass7' }, phone.token);
    expect(res.statusCode).toBe(200);
    for (const s of streams) await expectClosedFor(s, 'session');
    await expectAlive(bystander);
  });

  it('refresh-token reuse: the streams of the revoked family', async () => {
    const session = await login(await createCustomer(t.db));
    const s = await stream(session, 'b');
    const rotated = await post('/api/client/user/refresh', { refreshToken: session.refreshToken });
    expect(rotated.statusCode).toBe(200);
    // The successor is used, so the first token is no concurrent duplicate any more: presenting it is theft.
    const successor = (json(rotated).meta as { refreshToken: string }).refreshToken;
    expect((await post('/api/client/user/refresh', { refreshToken: successor })).statusCode).toBe(200);
    expect((await post('/api/client/user/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    await expectClosedFor(s, 'session');
  });

  it('a session ended in the database by any instance: within the check period', async () => {
    const user = await createCustomer(t.db);
    const session = await login(user);
    const s = await stream(session, 'b');
    await t.db.query("update session_families set revoked_at = now(), revoked_reason = 'logout' where customer_id = $1", [user.id]);
    await expectClosedFor(s, 'session');
  });
});

describe('streams per customer', () => {
  it(`keeps at most ${MAX_STREAMS_PER_CUSTOMER}: the oldest is told why and closed, other customers are untouched`, async () => {
    const session = await login(await createCustomer(t.db));
    const neighbour = await stream(await login(await createCustomer(t.db)));
    const streams: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_CUSTOMER; i += 1) streams.push(await stream(session));
    const [oldest, second] = streams as [Stream, Stream];
    await expectAlive(oldest);
    streams.push(await stream(session));
    await expectClosedFor(oldest, 'limit');
    await Promise.all([...streams.slice(1), neighbour].map(expectAlive));
    streams.push(await stream(session));
    await expectClosedFor(second, 'limit');
  });
});
