/** The part of the browser's StorageManager this needs (absent in older browsers and some webviews). */
export type PersistableStorage = Partial<Pick<StorageManager, 'persisted' | 'persist'>>;

/** localStorage key: when the browser was last asked (ISO date). */
export const PERSIST_ASKED_KEY = 'b2b.storage-persist-asked';

/**
 * Firefox shows a prompt, which must not come back on every start; Chromium decides silently by how much
 * the site is used (or whether it is installed), so a "no" after the first sign-in may be a "yes" later.
 */
export const PERSIST_ASK_AGAIN_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Asks the browser, at most every 30 days, to keep this origin's storage under storage pressure. By default IndexedDB is
 * "best-effort": a phone low on space may evict it, and with it the offline catalogue and any order still
 * queued for sending. Chromium decides without a prompt (an installed or often-used site gets it), Firefox
 * asks the user; a refusal changes nothing else. Resolves whether the storage is persistent; never rejects.
 */
export async function requestPersistentStorage(
  storage: PersistableStorage | undefined,
  memory: Pick<Storage, 'getItem' | 'setItem'>,
  now: number = Date.now(),
): Promise<boolean> {
  if (!storage?.persisted || !storage.persist) return false;
  try {
    if (await storage.persisted()) return true;
    const askedAt = Date.parse(memory.getItem(PERSIST_ASKED_KEY) ?? '');
    if (now - askedAt < PERSIST_ASK_AGAIN_MS) return false;
    memory.setItem(PERSIST_ASKED_KEY, new Date(now).toISOString());
    return await storage.persist();
  } catch (error) {
    console.warn('Could not ask the browser to keep the offline data', error);
    return false;
  }
}
