/**
 * Why a piece of code loaded on demand (a route's or an overlay's chunk) failed to load:
 * - `new-version`: the server no longer has it (404, or a page in its place): a new deployment replaced it,
 *   and only a reload brings the matching code;
 * - `offline`: it could not be reached at all: the offline handling applies, a reload would not help;
 * - `other`: not a failed load, or one the server still answers: an ordinary error.
 * See docs/decisions/032-safe-upgrades.md.
 */
export type CodeLoadFailure = 'new-version' | 'offline' | 'other';

/** What Chromium, Firefox and Safari reject a failed `import()` with, and what Vite's preload helper throws. */
const MODULE_LOAD_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

export function isModuleLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return MODULE_LOAD_MESSAGES.some((known) => message.includes(known));
}

/** The address the browser names in its message, when it names one. */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  const match = /(https?:\/\/\S+|\/assets\/\S+)/.exec(message);
  return match?.[1] ?? null;
}

export interface CodeLoadProbe {
  online(): boolean;
  /** Asks the server for the address again, bypassing every cache; rejects when it cannot be reached. */
  head(url: string): Promise<{ status: number; contentType: string }>;
}

const browserProbe: CodeLoadProbe = {
  online: () => navigator.onLine,
  async head(url) {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return { status: response.status, contentType: response.headers.get('content-type') ?? '' };
  },
};

export async function classifyCodeLoadFailure(error: unknown, probe: CodeLoadProbe = browserProbe): Promise<CodeLoadFailure> {
  if (!isModuleLoadError(error)) return 'other';
  if (!probe.online()) return 'offline';
  const url = failedModuleUrl(error);
  // Online and no address to ask about: a deployment is by far the likelier cause.
  if (url === null) return 'new-version';
  try {
    const { status, contentType } = await probe.head(url);
    if (status === 404 || status === 410 || contentType.includes('text/html')) return 'new-version';
    return 'other';
  } catch {
    // The address cannot be reached even now: the connection, not the deployment.
    return 'offline';
  }
}
