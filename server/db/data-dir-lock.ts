import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One data directory, one process. The embedded PGlite does not notice a second process opening the same
 * files: both run, each sees its own writes, and whatever one of them wrote can be gone after a restart.
 * So the bridge (and the seed command) hold `DATA_DIR/bridge.lock` while they use DATA_DIR/pglite.
 *
 * The lock names its holder (pid, and on Linux the process start time, so a recycled pid is not mistaken
 * for the holder). A lock whose holder is gone (kill -9, power loss) is taken over. With DATABASE_URL there
 * is no lock: several bridges may share one PostgreSQL. A data directory on storage shared between hosts is
 * not supported (a pid means nothing on another host).
 */
export const LOCK_FILE = 'bridge.lock';

type Holder = { pid: number; startedAt: string | null; host: string; since: string };

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly holder: Holder | undefined,
  ) {
    const who = holder ? `another process (pid ${holder.pid}, since ${holder.since})` : 'another process';
    super(
      `DATA_DIR ${dataDir} is in use by ${who}: its lock is ${path.join(dataDir, LOCK_FILE)}. ` +
        'One data directory serves one bridge. Stop that process, or give this one its own DATA_DIR; ' +
        'several bridges can share one PostgreSQL database (DATABASE_URL).',
    );
  }
}

export type DataDirLock = { readonly file: string; release(): void };

/** Linux: the start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat). */
function startTimeOf(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT') || isCode(error, 'EACCES')) return null;
    throw error;
  }
  // The command name (field 2) is in parentheses and may contain spaces; count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

function isAlive(holder: Holder): boolean {
  // Our own pid in the lock is an earlier life of this process (a container restarts as pid 1 again).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if (isCode(error, 'ESRCH')) return false;
    if (isCode(error, 'EPERM')) return true;
    throw error;
  }
  const startedAt = startTimeOf(holder.pid);
  return holder.startedAt === null || startedAt === null || startedAt === holder.startedAt;
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return undefined;
    return { pid: value.pid, startedAt: value.startedAt ?? null, host: value.host ?? '', since: value.since ?? '' };
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/** Creates the lock with its content in one step (link fails if it exists), so nobody reads it half written. */
function tryCreate(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.tmp`;
  const fd = openSync(draft, 'w', 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Moves a stale lock aside. Renaming is atomic, so of two processes recovering the same stale lock only one
 * moves it; if what was moved is no longer the stale lock that was read (another process recovered it and
 * took a fresh one meanwhile), it is put back.
 */
function removeStale(file: string, staleText: string): void {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  if (readFileSync(aside, 'utf8') !== staleText) {
    try {
      linkSync(aside, file);
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw error;
    }
  }
  unlinkSync(aside);
}

/** Takes the lock or throws `DataDirLockedError`. `dataDir` must exist. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, startedAt: startTimeOf(process.pid), host: hostname(), since: new Date().toISOString() };
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(file, content)) return heldLock(file, content);
    const text = readLock(file);
    if (text === undefined) continue;
    const holder = parseHolder(text);
    if (holder && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    removeStale(file, text);
  }
  throw new DataDirLockedError(dataDir, parseHolder(readLock(file) ?? ''));
}

function heldLock(file: string, content: string): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only our own lock: never delete one that a later process holds.
    if (readLock(file) === content) unlinkSync(file);
  };
  process.on('exit', release);
  return { file, release };
}
