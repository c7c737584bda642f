/**
 * Whether a tab of a newer build took the local database over from this one (docs/decisions/032-safe-upgrades.md §2).
 * Kept out of the database chunk so the page can listen before the database code has loaded. Listeners
 * added after the fact are called at once: being replaced lasts until the page reloads.
 */
let replaced = false;
const listeners = new Set<() => void>();

export function onDatabaseReplaced(listener: () => void): () => void {
  if (replaced) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markDatabaseReplaced(): void {
  if (replaced) return;
  replaced = true;
  for (const listener of listeners) listener();
}

export function isDatabaseReplaced(): boolean {
  return replaced;
}
