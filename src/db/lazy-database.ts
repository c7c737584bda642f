import type { AppDatabase } from './database';

/**
 * The app's one database (`getAppDatabase` of ./database), with RxDB, Dexie and the storage code loaded on
 * first use: they are a chunk of their own, outside the initial bundle, so pages without a session (login,
 * registration) never download them. The app starts loading that chunk at once (src/ui/main.tsx), beside
 * its language catalog, so a signed-in start waits for no extra round trip. Decision 030.
 */
export function openAppDatabase(): Promise<AppDatabase> {
  return import('./database').then((database) => database.getAppDatabase());
}

/** Starts downloading the database code without opening anything. */
export function preloadAppDatabase(): void {
  void import('./database').catch(() => undefined);
}
