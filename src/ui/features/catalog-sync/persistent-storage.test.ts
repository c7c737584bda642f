import { describe, expect, it } from 'vitest';
import { requestPersistentStorage } from './persistent-storage';

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

describe('requestPersistentStorage', () => {
  it('asks only when the storage is not persistent yet, and reports the answer', async () => {
    const already = fakeStorage(true, false);
    expect(await requestPersistentStorage(already.storage)).toBe(true);
    expect(already.calls.persist).toBe(0);

    const granted = fakeStorage(false, true);
    expect(await requestPersistentStorage(granted.storage)).toBe(true);
    expect(granted.calls.persist).toBe(1);

    const refused = fakeStorage(false, false);
    expect(await requestPersistentStorage(refused.storage)).toBe(false);
    expect(refused.calls.persist).toBe(1);
  });

  it('is false, without throwing, where the browser lacks the API or fails', async () => {
    expect(await requestPersistentStorage(undefined)).toBe(false);
    expect(await requestPersistentStorage({})).toBe(false);
    const failing = fakeStorage(false, new Error('denied by policy'));
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(await requestPersistentStorage(failing.storage)).toBe(false);
    } finally {
      console.warn = warn;
    }
  });
});
