import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bridge-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
      seedProducts: 3000,
      accessTokenTtlSeconds: 900,
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('generates a JWT secret once and keeps it in DATA_DIR across restarts', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    // Written beside, then linked in whole (instances sharing DATA_DIR may start together): no draft stays.
    expect(readdirSync(dataDir)).toEqual(['jwt-secret']);
  });

  it('PUBLIC_URL follows PORT unless set, without a trailing slash', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example.gr/' }).publicUrl).toBe('https://shop.example.gr');
  });

  it('refuses access tokens longer than 15 minutes, short secrets and bad ports with a readable error', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '3600' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(ConfigError);
  });

  it('PUBLIC_URL must be a bare http(s) origin: mailed links are built from it and nothing else', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://Shop.Example.gr:8443' }).publicUrl).toBe('https://shop.example.gr:8443');
    for (const bad of [
      'not a url',
      'javascript:alert(1)',
      'ftp://shop.example.gr',
      'https://shop.example.gr/store',
      'https://user@shop.example.gr',
      'https://shop.example.gr/?x=1',
      'https://shop.example.gr/#x',
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it('TRUST_PROXY takes false, true, a hop count or addresses/CIDRs, and refuses anything else', () => {
    const dataDir = tempDir();
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0', 'proxy.example', '1.2.3.4/8/9', '11', '-1']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
