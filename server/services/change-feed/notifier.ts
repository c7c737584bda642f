import pg from 'pg';
import { SYNC_COLLECTIONS, syncCollectionSchema, type SyncCollection } from '../../../src/contracts/sync';
import type { Queryable } from '../../db/client';
import { feedHeads } from './feed-reader';

/** The channel 020-change-feed.sql notifies on, with the feed name as payload, when a transaction commits. */
export const FEED_CHANNEL = 'catalog_feed';

export type FeedChangeHandler = (collections: readonly SyncCollection[]) => void;

/** The channel 060-carts.sql notifies on, with "<customer_id>:<buyer_id>" as payload, when a cart changed. */
export const CART_CHANNEL = 'cart_changes';
/** The channel 081-order-events.sql notifies on, with the same payload, when an order was stored or moved on. */
export const ORDER_CHANNEL = 'order_changes';
export type OwnChannel = typeof CART_CHANNEL | typeof ORDER_CHANNEL;
/** Whose cart or orders changed: the payload as notified, and on which channel. */
export type CartChangeHandler = (payload: string, channel: OwnChannel) => void;

/**
 * Tells this bridge instance that catalogue feeds advanced, whichever instance (or import job) wrote.
 * PostgreSQL LISTEN/NOTIFY fans out across instances; PGlite offers the same through its `listen` API.
 */
export interface ChangeNotifier {
  readonly kind: 'listen' | 'postgres-listen' | 'polling';
  /** `onCart` hears cart and order changes where the database can tell (LISTEN); the polling fallback cannot. */
  start(onChange: FeedChangeHandler, onCart?: CartChangeHandler): Promise<void>;
  stop(): Promise<void>;
}

/** PGlite's `listen(channel, callback)` shape: resolves to an unsubscribe function. */
export type ListenFn = (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;

export class NotifierError extends Error {
  readonly code = 'NOTIFIER_FAILED';
}

function collectionOf(payload: string | undefined): SyncCollection[] {
  const parsed = syncCollectionSchema.safeParse(payload);
  // An unknown payload still means "something changed": every collection re-pulls, which is always safe.
  return parsed.success ? [parsed.data] : [...SYNC_COLLECTIONS];
}

/** Over a `listen` function (PGlite's, or one the Db exposes). */
export function listenNotifier(listen: ListenFn): ChangeNotifier {
  const unlisten: (() => Promise<void>)[] = [];
  return {
    kind: 'listen',
    async start(onChange, onCart) {
      unlisten.push(await listen(FEED_CHANNEL, (payload) => onChange(collectionOf(payload))));
      if (onCart) {
        unlisten.push(await listen(CART_CHANNEL, (payload) => onCart(payload, CART_CHANNEL)));
        unlisten.push(await listen(ORDER_CHANNEL, (payload) => onCart(payload, ORDER_CHANNEL)));
      }
    },
    async stop() {
      await Promise.all(unlisten.splice(0).map((stop) => stop()));
    },
  };
}

/**
 * One dedicated PostgreSQL connection in LISTEN. A pooled connection cannot listen (it is handed to other
 * queries). After a lost connection it reconnects with backoff and reports every collection as changed,
 * because notifications sent while it was away are gone.
 */
export function postgresNotifier(connectionString: string, log: (msg: string, err?: unknown) => void = () => {}): ChangeNotifier {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (onChange: FeedChangeHandler, onCart: CartChangeHandler | undefined, isRetry: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === CART_CHANNEL || msg.channel === ORDER_CHANNEL) onCart?.(msg.payload ?? '', msg.channel);
      else onChange(collectionOf(msg.payload));
    });
    c.on('error', (err) => log('change notifier connection failed', err));
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = undefined;
      timer = setTimeout(() => {
        connect(onChange, onCart, true).catch((err: unknown) => log('change notifier reconnect failed', err));
      }, retryMs);
      retryMs = Math.min(retryMs * 2, 30_000);
    });
    client = c;
    await c.connect();
    await c.query(`listen ${FEED_CHANNEL}`);
    if (onCart) await c.query(`listen ${CART_CHANNEL}; listen ${ORDER_CHANNEL}`);
    retryMs = 500;
    if (isRetry) onChange([...SYNC_COLLECTIONS]);
  };
  return {
    kind: 'postgres-listen',
    start: (onChange, onCart) => connect(onChange, onCart, false),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end();
    },
  };
}

/** Fallback when the database offers no LISTEN to this process: compares feed heads every `intervalMs`. */
export function pollingNotifier(q: Queryable, intervalMs: number, log: (msg: string, err?: unknown) => void = () => {}): ChangeNotifier {
  let timer: NodeJS.Timeout | undefined;
  let heads: Record<SyncCollection, number> | undefined;
  let busy = false;
  const tick = async (onChange: FeedChangeHandler): Promise<void> => {
    if (busy) return;
    busy = true;
    try {
      const next = await feedHeads(q);
      const changed = heads ? SYNC_COLLECTIONS.filter((c) => next[c] !== heads?.[c]) : [];
      heads = next;
      if (changed.length > 0) onChange(changed);
    } finally {
      busy = false;
    }
  };
  return {
    kind: 'polling',
    async start(onChange) {
      await tick(onChange);
      timer = setInterval(() => {
        tick(onChange).catch((err: unknown) => log('change poll failed', err));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

/** Something that may expose a PGlite-style `listen` (a Db extended with it, or PGlite itself). */
function listenOf(db: unknown): ListenFn | undefined {
  if (typeof db !== 'object' || db === null || !('listen' in db)) return undefined;
  const listen = (db as { listen: unknown }).listen;
  return typeof listen === 'function' ? (listen.bind(db) as ListenFn) : undefined;
}

/**
 * The best notifier for this database: its own `listen` when it has one, a dedicated LISTEN connection on
 * PostgreSQL, else polling once a second (PGlite through a Db that does not expose `listen`).
 */
export function notifierFor(
  db: Queryable & { kind: 'pglite' | 'postgresql' },
  databaseUrl: string | undefined,
  log?: (msg: string, err?: unknown) => void,
): ChangeNotifier {
  const listen = listenOf(db);
  if (listen) return listenNotifier(listen);
  if (db.kind === 'postgresql' && databaseUrl) return postgresNotifier(databaseUrl, log);
  return pollingNotifier(db, 1000, log);
}
