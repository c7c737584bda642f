import { useSyncExternalStore } from 'react';

/**
 * Whether this tab has learned that a newer deployment replaced the code it runs (a lazily loaded page that
 * is gone from the server, docs/decisions/032-safe-upgrades.md). Once set it stays set: only a reload loads
 * the new version. The update prompt shows the one "A new version is available" notification for it.
 */
let announced = false;
const listeners = new Set<() => void>();

export function announceNewVersion(): void {
  if (announced) return;
  announced = true;
  for (const listener of listeners) listener();
}

export function isNewVersionAnnounced(): boolean {
  return announced;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNewVersionAnnounced(): boolean {
  return useSyncExternalStore(subscribe, isNewVersionAnnounced, isNewVersionAnnounced);
}
