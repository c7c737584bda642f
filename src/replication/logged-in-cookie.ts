/**
 * The `logged_in=1` cookie (docs/product-rules.md §4, 30 days) tells a fresh page that a session existed even when
 * localStorage was wiped: with the cookie but no token the app logs out silently and reloads.
 */
const COOKIE_NAME = 'logged_in';
const THIRTY_DAYS_SECONDS = 2_592_000;

export interface CookieJar {
  get(): string;
  set(cookie: string): void;
}

export function documentCookieJar(doc: Document): CookieJar {
  return {
    get: () => doc.cookie,
    set: (cookie) => {
      doc.cookie = cookie;
    },
  };
}

export function setLoggedInCookie(jar: CookieJar): void {
  jar.set(`${COOKIE_NAME}=1; max-age=${THIRTY_DAYS_SECONDS}; path=/; SameSite=Lax`);
}

export function clearLoggedInCookie(jar: CookieJar): void {
  jar.set(`${COOKIE_NAME}=; max-age=0; path=/; SameSite=Lax`);
}

export function hasLoggedInCookie(jar: CookieJar): boolean {
  return jar
    .get()
    .split(';')
    .some((part) => part.trim() === `${COOKIE_NAME}=1`);
}
