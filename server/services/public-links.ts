/**
 * Links the bridge puts into mails. They are built only from the configured public origin and a path the
 * caller picked from a fixed list, never from anything a client sent: a mailed link that can be steered
 * to another host hands its token (reset, confirmation) to whoever runs that host.
 */

export class PublicLinkError extends Error {
  readonly code = 'PUBLIC_LINK_INVALID';
}

/** `origin` is config.publicUrl (validated at start: http(s), no path); `path` one of our fixed routes. */
export function publicLink(origin: string, path: string, params: Record<string, string>): string {
  if (!/^\/[a-z0-9/-]*$/.test(path) || path.startsWith('//')) throw new PublicLinkError(`not a storefront path: ${path}`);
  const link = new URL(`${origin}${path}`);
  // Stryker disable next-line ConditionalExpression: the path test above admits no path URL would rewrite; kept as a second line of defence
  if (link.origin !== origin || link.pathname !== path) throw new PublicLinkError(`link left the public origin: ${link.href}`);
  for (const [name, value] of Object.entries(params)) link.searchParams.set(name, value);
  return link.href;
}

/**
 * The client may name which of the allowed pages it wants (the reset page under a store-code prefix), as a
 * path or as a full URL on our origin; anything else, or anything that does not parse, gets the first one.
 * The answer is always an element of `allowed`, never the client's text.
 */
export function pickAllowedPath(origin: string, requested: string | undefined, allowed: readonly string[]): string {
  const fallback = allowed[0];
  if (fallback === undefined) throw new PublicLinkError('no allowed path');
  // Stryker disable next-line ConditionalExpression: equivalent, '' and undefined resolve to paths that are never allowed; kept to skip parsing
  if (!requested) return fallback;
  let candidate: URL;
  try {
    candidate = new URL(requested, `${origin}/`);
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: equivalent, new URL() throws only TypeError; anything else would be a bug worth seeing
    if (error instanceof TypeError) return fallback;
    throw error;
  }
  if (candidate.origin !== origin) return fallback;
  return allowed.find((path) => path === candidate.pathname) ?? fallback;
}
