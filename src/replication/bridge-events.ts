/**
 * Things the bridge client notices that the app shell must react to, outside any single call:
 * - `update-required`: the bridge answered 426, this build is too old (docs/architecture.md §4.8).
 * - `session-lost`: the token could not be refreshed; the session layer logs out silently.
 * - `tokens-changed`: a login, refresh or logout changed the tokens, in this tab or another (proactive refresh reschedules).
 */
export type BridgeEventName = 'update-required' | 'session-lost' | 'tokens-changed';

export type BridgeListener = () => void;

export interface BridgeEvents {
  on(name: BridgeEventName, listener: BridgeListener): () => void;
  emit(name: BridgeEventName): void;
}

export function createBridgeEvents(): BridgeEvents {
  const listeners = new Map<BridgeEventName, Set<BridgeListener>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set<BridgeListener>();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
    emit(name) {
      for (const listener of [...(listeners.get(name) ?? [])]) listener();
    },
  };
}
