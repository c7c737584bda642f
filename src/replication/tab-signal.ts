/**
 * Tells the other tabs of this origin that something they share changed; each reads the shared state again
 * itself, so the message carries nothing (no token ever travels in it) and a lost or reordered ping costs
 * nothing but a later read.
 */
export interface TabSignal {
  post(): void;
  /** Pings from other tabs (never this one's own). Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  close(): void;
}

export function broadcastTabSignal(name: string): TabSignal {
  const channel = new BroadcastChannel(name);
  return {
    post: () => channel.postMessage('changed'),
    subscribe(listener) {
      channel.addEventListener('message', listener);
      return () => channel.removeEventListener('message', listener);
    },
    close: () => channel.close(),
  };
}

/**
 * For browsers without BroadcastChannel (Safari before 15.4): writing a fresh value to localStorage fires a
 * `storage` event in every other tab of the origin.
 */
export function storageTabSignal(name: string, storage: Storage, target: EventTarget): TabSignal {
  const key = `${name}.changed`;
  let count = 0;
  return {
    post() {
      count += 1;
      try {
        storage.setItem(key, `${Date.now()}-${count}-${Math.random()}`);
      } catch (error) {
        // Storage full or blocked: the other tabs catch up at their next read of the shared state.
        console.error('Tab signal: could not be sent', error);
      }
    },
    subscribe(listener) {
      const onStorage = (event: Event): void => {
        if (event instanceof StorageEvent && event.key === key) listener();
      };
      target.addEventListener('storage', onStorage);
      return () => target.removeEventListener('storage', onStorage);
    },
    close: () => undefined,
  };
}

/** The best signal this browser offers; null where neither exists (the tab then only reads when it must). */
export function browserTabSignal(name: string): TabSignal | null {
  if (typeof BroadcastChannel === 'function') return broadcastTabSignal(name);
  if (typeof window !== 'undefined' && typeof window.localStorage !== 'undefined')
    return storageTabSignal(name, window.localStorage, window);
  return null;
}
