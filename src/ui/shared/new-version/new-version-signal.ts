import { useSyncExternalStore } from 'react';

/**
 * Whether this tab has learned that a newer deployment replaced the code it runs (a lazily loaded page that
 * is gone from the server, docs/decisions/032-safe-upgrades.md). Once set it stays set: only a reload loads
 * the new version. The update prompt shows the one "A new version is available" notification for it.
 */
let announced = 0;
const listeners = new Set<() => void>();

export function announceNewVersion(): void {
  if (announced > 0) return;
  announced = 1;
  for (const listener of listeners) listener();
}

/**
 * Something the buyer did failed because this tab's code is out of date (a save refused after a newer tab
 * took the database over): the prompt comes back even if the buyer had closed it.
 */
export function announceNewVersionAgain(): void {
  announced += 1;
  for (const listener of listeners) listener();
}

/** 0 while this tab knows of no newer version; then a number that grows with every new announcement. */
export function newVersionAnnouncement(): number {
  return announced;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNewVersionAnnouncement(): number {
  return useSyncExternalStore(subscribe, newVersionAnnouncement, newVersionAnnouncement);
}
