// PGlite in a worker thread (docs/decisions/012-pglite-worker.md). Plain JavaScript on purpose: the
// bridge runs under tsx, the tests under Vitest and the benchmark under both, and a worker entry that
// needs no TypeScript loader starts the same way under each of them.
//
// Protocol (the other side is server/db/pglite-thread.ts). Requests carry an `id`; every request gets
// exactly one answer `{id, ok: true, value}` or `{id, ok: false, error}`:
//   {op: 'query', sql, params, tx?}  rows of one statement (extended protocol, like PGlite.query)
//   {op: 'exec', sql, tx?}            several statements, no parameters (simple protocol, like PGlite.exec)
//   {op: 'begin', tx}                 opens transaction `tx` (an id the caller chose), answered once BEGIN
//                                     ran; statements for `tx` may be sent right after it, unanswered
//   {op: 'commit', tx} / {op: 'rollback', tx}
//   {op: 'listen', channel} / {op: 'unlisten', channel}
//   {op: 'close'}
// Notifications arrive as `{notify: channel, payload}`, always before the answer of the statement whose
// commit sent them (PGlite calls listeners in a microtask while it parses that statement's results).
// Statements tagged with a transaction id run inside it, in the order they were sent, once it has begun;
// every other statement waits for the transaction to end, because PGlite's own transaction() holds its
// lock until then: the same serialisation as the in-process PGlite. The caller need not wait for BEGIN
// (nor for any statement) before sending the next one: on a busy HTTP thread every wait for an answer
// is time the database sits idle inside an open transaction.

import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

if (!parentPort) throw new Error('pglite-worker.mjs runs only as a worker thread');
const port = parentPort;

/** Fields of PostgreSQL's ErrorResponse that pg-protocol copies onto DatabaseError, plus PGlite's query. */
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
];

/** A structured-clone-safe copy of an error: message, name, stack and the PostgreSQL fields callers read. */
function serialiseError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields = {};
  for (const key of ERROR_FIELDS) {
    const value = error[key];
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

const answer = (id, value) => port.postMessage({ id, ok: true, value });
const fail = (id, error) => port.postMessage({ id, ok: false, error: serialiseError(error) });

/**
 * Open (or opening) transactions by the caller's id. `begun` resolves to PGlite's transaction object once
 * BEGIN ran; `end` tells it to commit (true) or roll back (false); `done` settles when it has.
 * @type {Map<number, {begun: Promise<import('@electric-sql/pglite').Transaction>, end: (commit: boolean) => void, done: Promise<void>}>}
 */
const transactions = new Map();
/** channel -> PGlite's unsubscribe function */
const listening = new Map();

const { dataDir, template } = workerData ?? {};
const extensions = { pg_trgm, unaccent };
let db;
try {
  // An in-memory database may start from a dump of another (`template`, a tar file): no initdb to run.
  const start = dataDir ? { dataDir } : template ? { loadDataDir: new Blob([readFileSync(template)]) } : {};
  db = await PGlite.create({ ...start, extensions });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: serialiseError(error) });
  port.close();
}

async function target(tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.begun;
}

function begin(id, txId) {
  let end;
  const decided = new Promise((resolve) => {
    end = resolve;
  });
  let began;
  let failed;
  const begun = new Promise((resolve, reject) => {
    began = resolve;
    failed = reject;
  });
  const done = db.transaction(async (tx) => {
    began(tx);
    answer(id, null);
    if (!(await decided)) await tx.rollback();
  });
  done.catch((error) => {
    // BEGIN itself failed: the begin request and every statement sent for this transaction get the error.
    failed(error);
  });
  begun.then(
    () => undefined,
    (error) => fail(id, error),
  );
  transactions.set(txId, { begun, end, done });
}

async function finish(id, txId, commit) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  try {
    await open.begun;
    open.end(commit);
    await open.done;
  } finally {
    transactions.delete(txId);
  }
  answer(id, null);
}

async function listen(channel) {
  if (listening.has(channel)) return;
  const unlisten = await db.listen(channel, (payload) => port.postMessage({ notify: channel, payload }));
  listening.set(channel, unlisten);
}

async function unlisten(channel) {
  const stop = listening.get(channel);
  listening.delete(channel);
  await stop?.();
}

async function handle(message) {
  const { id, op } = message;
  try {
    switch (op) {
      case 'query':
        answer(id, (await (await target(message.tx)).query(message.sql, message.params)).rows);
        return;
      case 'exec':
        await (await target(message.tx)).exec(message.sql);
        answer(id, null);
        return;
      case 'begin':
        begin(id, message.tx);
        return;
      case 'commit':
      case 'rollback':
        await finish(id, message.tx, op === 'commit');
        return;
      case 'listen':
        await listen(message.channel);
        answer(id, null);
        return;
      case 'unlisten':
        await unlisten(message.channel);
        answer(id, null);
        return;
      case 'close':
        await db.close();
        answer(id, null);
        port.close();
        return;
      default:
        throw new Error(`unknown operation ${String(op)}`);
    }
  } catch (error) {
    fail(id, error);
    // After an abort inside its WebAssembly PGlite cannot answer again. Ending the thread makes the bridge
    // exit (server/db/pglite-thread.ts, onFatal) and its supervisor restart it, instead of failing forever.
    if (error instanceof WebAssembly.RuntimeError) process.exit(1);
  }
}

if (db) port.on('message', (message) => void handle(message));
