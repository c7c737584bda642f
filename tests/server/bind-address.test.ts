import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startBridgeProcess, stopBridgeProcess } from './helpers/bridge-process';

/** HOST decides which interface the bridge listens on: 127.0.0.1 keeps it reachable only through a local proxy. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-bind-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i?.family === 'IPv4' && !i.internal)?.address;

async function healthAt(host: string, port: number): Promise<number> {
  try {
    return (await fetch(`http://${host}:${port}/api/health`)).status;
  } catch (error) {
    if (error instanceof TypeError) return 0;
    throw error;
  }
}

describe.skipIf(!externalAddress)('HOST', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1', externalAddress ?? ''],
    [externalAddress ?? '', externalAddress ?? '', '127.0.0.1'],
  ])(
    'HOST=%s answers on %s and not on %s',
    async (host, reachable, unreachable) => {
      const port = await freePort();
      const bridge = startBridgeProcess({ dataDir, port, env: { HOST: host } });
      try {
        const deadline = Date.now() + 60_000;
        while ((await healthAt(reachable, port)) !== 200 && Date.now() < deadline && bridge.child.exitCode === null) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(await healthAt(reachable, port), bridge.output()).toBe(200);
        expect(await healthAt(unreachable, port)).toBe(0);
      } finally {
        expect(await stopBridgeProcess(bridge)).toBe(0);
      }
    },
    90_000,
  );
});
