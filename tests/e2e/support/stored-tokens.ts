import type { Page } from '@playwright/test';

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

/**
 * The session's tokens as the storefront keeps them: in IndexedDB (database `b2b-session`, store `tokens`,
 * record `current`), shared by the tabs and the service worker. null before the app has stored any.
 */
export function storedTokens(page: Page): Promise<StoredTokens | null> {
  return page.evaluate(
    () =>
      new Promise<StoredTokens | null>((resolve, reject) => {
        const open = indexedDB.open('b2b-session');
        // Never create the database here: the app must create it with its store.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve(null) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('tokens', 'readonly').objectStore('tokens').get('current');
          get.onsuccess = () => {
            resolve((get.result as StoredTokens | undefined) ?? null);
            db.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}
