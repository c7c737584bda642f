import { describe, expect, it } from 'vitest';
import { PERSIST_ASKED_KEY, PERSIST_ASK_AGAIN_MS, requestPersistentStorage } from './persistent-storage';

function fakeStorage(persisted: boolean, grant: boolean | Error) {
  const calls = { persist: 0 };
  return {
    calls,
    storage: {
      persisted: () => Promise.resolve(persisted),
      persist: () => {
        calls.persist += 1;
        return grant instanceof Error ? Promise.reject(grant) : Promise.resolve(grant);
      },
    },
  };
}

function memory() {
  const items = new Map<string, string>();
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('requestPersistentStorage', () => {
  it('asks only when the storage is not persistent yet, and reports the answer', async () => {
    const already = fakeStorage(true, false);
    expect(await requestPersistentStorage(already.storage, memory())).toBe(true);
    expect(already.calls.persist).toBe(0);

    const granted = fakeStorage(false, true);
    expect(await requestPersistentStorage(granted.storage, memory())).toBe(true);
    expect(granted.calls.persist).toBe(1);

    const refused = fakeStorage(false, false);
    expect(await requestPersistentStorage(refused.storage, memory())).toBe(false);
    expect(refused.calls.persist).toBe(1);
  });

  it('after a refusal asks again only 30 days later, not at every start', async () => {
    const remembered = memory();
    const refused = fakeStorage(false, false);
    const day = 24 * 60 * 60 * 1000;
    const first = Date.UTC(2026, 10, 1);
    expect(await requestPersistentStorage(refused.storage, remembered, first)).toBe(false);
    expect(await requestPersistentStorage(refused.storage, remembered, first + day)).toBe(false);
    expect(await requestPersistentStorage(refused.storage, remembered, first + PERSIST_ASK_AGAIN_MS - 1)).toBe(false);
    expect(refused.calls.persist).toBe(1);
    expect(remembered.items.get(PERSIST_ASKED_KEY)).toBe(new Date(first).toISOString());

    expect(await requestPersistentStorage(refused.storage, remembered, first + PERSIST_ASK_AGAIN_MS)).toBe(false);
    expect(refused.calls.persist).toBe(2);
  });

  it('is false, without throwing, where the browser lacks the API or fails', async () => {
    expect(await requestPersistentStorage(undefined, memory())).toBe(false);
    expect(await requestPersistentStorage({}, memory())).toBe(false);
    const failing = fakeStorage(false, new Error('denied by policy'));
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(await requestPersistentStorage(failing.storage, memory())).toBe(false);
    } finally {
      console.warn = warn;
    }
  });
});
