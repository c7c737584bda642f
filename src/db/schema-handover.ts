/**
 * Hands the local database over from tabs of an older build to a tab of a newer one (docs/decisions/032-safe-upgrades.md §2).
 * A new schema version migrates a collection's documents once, when the database opens, and removes the old
 * storage; a tab of the old build that kept writing there would strand those writes. So every tab holds a
 * shared Web Lock named after its build's schema fingerprint while its database is open; a newer tab asks the
 * older ones to close ("upgrading"), waits until their locks are free, bounded, and only then opens.
 */

export interface CollectionVersions {
  readonly [name: string]: { readonly version: number };
}

/**
 * The schema fingerprint of a build: the sum of all collection versions, then each collection's name and
 * version. Versions only go up, so a larger sum is a newer build.
 */
export function schemaFingerprint(schemas: CollectionVersions): string {
  const names = Object.keys(schemas).sort();
  const total = names.reduce((sum, name) => sum + (schemas[name]?.version ?? 0), 0);
  return `${total}:${names.map((name) => `${name}@${schemas[name]?.version ?? 0}`).join(',')}`;
}

/** The sum of versions a fingerprint starts with. */
export function fingerprintTotal(fingerprint: string): number {
  return Number.parseInt(fingerprint.split(':')[0] ?? '', 10) || 0;
}

const LOCK_PREFIX = 'storefront-schema ';
const CHANNEL_NAME = 'storefront-schema';

/** How long a newer tab waits for older tabs to close before it opens anyway (a frozen tab cannot answer). */
export const HANDOVER_WAIT_MS = 5000;

interface UpgradingMessage {
  type: 'upgrading';
  total: number;
}

function isUpgrading(data: unknown): data is UpgradingMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'upgrading' &&
    typeof (data as { total?: unknown }).total === 'number'
  );
}

export interface HandoverEnvironment {
  locks: Pick<LockManager, 'query' | 'request'>;
  openChannel(name: string): Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener'>;
  /** Where the Page Lifecycle's `resume` arrives (the document); a frozen tab may have missed "upgrading". */
  lifecycle?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  waitMs?: number;
}

export interface SchemaTenure {
  /** Lets newer tabs open the database: call once this tab's database is closed. */
  release(): void;
}

/** Thrown when a newer build already holds the database: this tab must not open the old schema's storage. */
export class NewerSchemaError extends Error {
  override readonly name = 'NewerSchemaError';
  readonly code = 'newer_schema';
}

async function heldFingerprints(locks: HandoverEnvironment['locks']): Promise<string[]> {
  const snapshot = await locks.query();
  const names = [...(snapshot.held ?? []), ...(snapshot.pending ?? [])].map((lock) => lock.name ?? '');
  return [...new Set(names.filter((name) => name.startsWith(LOCK_PREFIX)).map((name) => name.slice(LOCK_PREFIX.length)))];
}

/** Resolves once every named lock was free for a moment, or after `waitMs`; false when the wait ran out. */
async function waitForRelease(locks: HandoverEnvironment['locks'], fingerprints: string[], waitMs: number): Promise<boolean> {
  const signal = AbortSignal.timeout(waitMs);
  try {
    await Promise.all(
      fingerprints.map((fingerprint) => locks.request(LOCK_PREFIX + fingerprint, { mode: 'exclusive', signal }, () => undefined)),
    );
    return true;
  } catch (error) {
    if (signal.aborted) return false;
    throw error;
  }
}

/**
 * Takes this build's place before its database opens: refuses when a newer build holds the database, asks
 * older tabs to close and waits for them (bounded), then holds the shared lock until `release()`.
 * `onNewerBuild` runs when a newer tab asks this one to close; it must close the database, then release.
 */
export async function enterSchemaVersion(fingerprint: string, env: HandoverEnvironment, onNewerBuild: () => void): Promise<SchemaTenure> {
  const total = fingerprintTotal(fingerprint);
  const others = (await heldFingerprints(env.locks)).filter((other) => other !== fingerprint);
  if (others.some((other) => fingerprintTotal(other) > total))
    throw new NewerSchemaError('A newer version of the app holds the local database');

  const channel = env.openChannel(CHANNEL_NAME);
  channel.addEventListener('message', (event: MessageEvent) => {
    if (isUpgrading(event.data) && event.data.total > total) onNewerBuild();
  });
  // A tab frozen while a newer one took over (after the bounded wait) learns it on resume from the locks.
  const onResume = (): void => {
    void heldFingerprints(env.locks).then((held) => {
      if (held.some((other) => fingerprintTotal(other) > total)) onNewerBuild();
    });
  };
  env.lifecycle?.addEventListener('resume', onResume);
  if (others.length > 0) {
    const message: UpgradingMessage = { type: 'upgrading', total };
    channel.postMessage(message);
    const released = await waitForRelease(env.locks, others, env.waitMs ?? HANDOVER_WAIT_MS);
    if (!released) console.warn('Tabs of an older version did not close in time; opening the database anyway');
  }

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await new Promise<void>((granted, failed) => {
    env.locks
      .request(LOCK_PREFIX + fingerprint, { mode: 'shared' }, () => {
        granted();
        return held;
      })
      .catch(failed);
  });
  return {
    release() {
      env.lifecycle?.removeEventListener('resume', onResume);
      channel.close();
      release();
    },
  };
}
