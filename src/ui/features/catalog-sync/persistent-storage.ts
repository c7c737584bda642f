/** The part of the browser's StorageManager this needs (absent in older browsers and some webviews). */
export type PersistableStorage = Partial<Pick<StorageManager, 'persisted' | 'persist'>>;

/**
 * Asks the browser to keep this origin's storage under storage pressure. By default IndexedDB is
 * "best-effort": a phone low on space may evict it, and with it the offline catalogue and any order still
 * queued for sending. Chromium grants it without a prompt to an installed or often-used site, Firefox asks
 * the user; a refusal changes nothing else. Resolves whether the storage is persistent; never rejects.
 */
export async function requestPersistentStorage(storage: PersistableStorage | undefined): Promise<boolean> {
  if (!storage?.persisted || !storage.persist) return false;
  try {
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch (error) {
    console.warn('Could not ask the browser to keep the offline data', error);
    return false;
  }
}
