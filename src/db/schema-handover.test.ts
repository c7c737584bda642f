import { describe, expect, it } from 'vitest';
import { APP_COLLECTION_SCHEMAS } from './database';
import { NewerSchemaError, enterSchemaVersion, fingerprintTotal, schemaFingerprint, type HandoverEnvironment } from './schema-handover';

/** Web Locks and BroadcastChannel as one browser profile has them, for several simulated tabs. */
class FakeBrowser {
  private held: { name: string; mode: LockMode }[] = [];
  private waiting: { name: string; mode: LockMode; grant: () => void }[] = [];
  private readonly listeners = new Set<(event: MessageEvent) => void>();

  private compatible(name: string, mode: LockMode): boolean {
    const holders = this.held.filter((lock) => lock.name === name);
    return mode === 'shared' ? holders.every((lock) => lock.mode === 'shared') : holders.length === 0;
  }

  private grantWaiting(): void {
    for (const entry of [...this.waiting]) {
      if (!this.compatible(entry.name, entry.mode)) continue;
      this.waiting = this.waiting.filter((other) => other !== entry);
      entry.grant();
    }
  }

  tab(waitMs = 200): HandoverEnvironment {
    const locks = {
      query: () => Promise.resolve({ held: this.held.map(({ name, mode }) => ({ name, mode, clientId: '' })), pending: [] }),
      request: (name: string, options: LockOptions, callback: () => unknown) =>
        new Promise((resolve, reject) => {
          const mode = options.mode ?? 'exclusive';
          const grant = () => {
            const lock = { name, mode };
            this.held.push(lock);
            void Promise.resolve(callback()).then((value) => {
              this.held = this.held.filter((other) => other !== lock);
              this.grantWaiting();
              resolve(value);
            });
          };
          if (this.compatible(name, mode)) return grant();
          const entry = { name, mode, grant };
          this.waiting.push(entry);
          options.signal?.addEventListener('abort', () => {
            this.waiting = this.waiting.filter((other) => other !== entry);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    } as unknown as HandoverEnvironment['locks'];
    const own = new Set<(event: MessageEvent) => void>();
    const openChannel = () => ({
      postMessage: (data: unknown) => {
        for (const listener of this.listeners) if (!own.has(listener)) listener({ data } as MessageEvent);
      },
      addEventListener: (_type: string, listener: (event: MessageEvent) => void) => {
        own.add(listener);
        this.listeners.add(listener);
      },
      close: () => {
        for (const listener of own) this.listeners.delete(listener);
      },
    });
    return { locks, openChannel, waitMs } as unknown as HandoverEnvironment;
  }
}

const OLD = schemaFingerprint({ cart_items: { version: 1 }, orders: { version: 2 } });
const NEW = schemaFingerprint({ cart_items: { version: 2 }, orders: { version: 2 } });

describe('schemaFingerprint', () => {
  it("names every collection's version, and a raised version makes a larger total", () => {
    expect(OLD).toBe('3:cart_items@1,orders@2');
    expect(fingerprintTotal(NEW)).toBeGreaterThan(fingerprintTotal(OLD));
    expect(schemaFingerprint(APP_COLLECTION_SCHEMAS)).toMatch(/^\d+:account@\d+,addresses@\d+,cart_items@\d+,/);
  });
});

describe('enterSchemaVersion', () => {
  it('a newer tab asks the older one to close and opens only after it let go', async () => {
    const browser = new FakeBrowser();
    const steps: string[] = [];
    const old = await enterSchemaVersion(OLD, browser.tab(), () => {
      steps.push('old tab asked to close');
      setTimeout(() => {
        steps.push('old tab closed');
        old.release();
      }, 20);
    });
    await enterSchemaVersion(NEW, browser.tab(), () => steps.push('new tab asked to close'));
    steps.push('new tab opens');
    expect(steps).toEqual(['old tab asked to close', 'old tab closed', 'new tab opens']);
  });

  it('a frozen older tab cannot hold the newer one back longer than the bound', async () => {
    const browser = new FakeBrowser();
    await enterSchemaVersion(OLD, browser.tab(), () => undefined);
    const started = Date.now();
    await enterSchemaVersion(NEW, browser.tab(100), () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('an older tab frozen through the handover closes when it resumes', async () => {
    const browser = new FakeBrowser();
    // Frozen: it hears no "upgrading" and does not let go, so the newer tab opens after the bound.
    const deaf = { postMessage: () => undefined, addEventListener: () => undefined, close: () => undefined };
    const frozenTab = { ...browser.tab(), openChannel: () => deaf, lifecycle: new EventTarget() } as unknown as HandoverEnvironment & {
      lifecycle: EventTarget;
    };
    let asked = 0;
    await enterSchemaVersion(OLD, frozenTab, () => (asked += 1));
    await enterSchemaVersion(NEW, browser.tab(50), () => undefined);
    expect(asked).toBe(0);
    frozenTab.lifecycle.dispatchEvent(new Event('resume'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toBe(1);
  });

  it('an older tab does not open while a newer one holds the database', async () => {
    const browser = new FakeBrowser();
    await enterSchemaVersion(NEW, browser.tab(), () => undefined);
    await expect(enterSchemaVersion(OLD, browser.tab(), () => undefined)).rejects.toBeInstanceOf(NewerSchemaError);
  });

  it('tabs of one build share the database without asking each other to close', async () => {
    const browser = new FakeBrowser();
    const asked: string[] = [];
    await enterSchemaVersion(NEW, browser.tab(), () => asked.push('first'));
    const started = Date.now();
    await enterSchemaVersion(NEW, browser.tab(), () => asked.push('second'));
    expect(Date.now() - started).toBeLessThan(50);
    expect(asked).toEqual([]);
  });
});
