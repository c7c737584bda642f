/** An in-memory Cache API (Node has none) for tests of the offline pictures: keys by URL, bodies kept as bytes. */
class FakeCache {
  readonly entries = new Map<string, { body: Uint8Array; status: number; headers: [string, string][] }>();
  keys = async (): Promise<Request[]> => [...this.entries.keys()].map((url) => new Request(url));
  match = async (request: RequestInfo | URL): Promise<Response | undefined> => {
    const entry = this.entries.get(urlOf(request));
    return entry ? new Response(entry.body.slice(), { status: entry.status, headers: entry.headers }) : undefined;
  };
  put = async (request: RequestInfo | URL, response: Response): Promise<void> => {
    const body = new Uint8Array(await response.arrayBuffer());
    this.entries.set(urlOf(request), { body, status: response.status, headers: [...response.headers.entries()] });
  };
  delete = async (request: RequestInfo | URL): Promise<boolean> => this.entries.delete(urlOf(request));
}

function urlOf(request: RequestInfo | URL): string {
  return typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
}

export function createFakeCacheStorage(): CacheStorage & { named(name: string): FakeCache | undefined } {
  const caches = new Map<string, FakeCache>();
  const open = async (name: string): Promise<FakeCache> => {
    const cache = caches.get(name) ?? new FakeCache();
    caches.set(name, cache);
    return cache;
  };
  return {
    named: (name: string) => caches.get(name),
    open: open as unknown as CacheStorage['open'],
    has: async (name: string) => caches.has(name),
    delete: async (name: string) => caches.delete(name),
    keys: async () => [...caches.keys()],
    match: (async (request: RequestInfo | URL, options?: MultiCacheQueryOptions) => {
      const names = options?.cacheName ? [options.cacheName] : [...caches.keys()];
      for (const name of names) {
        const hit = await caches.get(name)?.match(request);
        if (hit) return hit;
      }
      return undefined;
    }) as CacheStorage['match'],
  };
}
