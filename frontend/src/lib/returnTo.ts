/**
 * Where the app goes back to after a round trip that leaves it (connecting an account from the
 * wizard: the platform's consent page, then /auth/callback). Only an in-app path of this origin
 * is ever kept or followed — never another origin, a protocol-relative `//host`, a backslash
 * trick, a scheme, or a path outside the signed-in app — so a crafted value cannot turn the
 * callback into an open redirect.
 */

/** The app's pages a round trip may come back to. */
const allowedPrefixes = ['/dashboard', '/new-post'] as const;

const storageKey = 'oneclick_return_to';

/** The path (with its query) when `value` is a safe in-app path of `origin`; undefined otherwise. */
export function safeReturnPath(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return undefined;
  // Only a root-relative path: not "//host", not "/\host" (browsers read "\" as "/"), no control characters.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  const { pathname } = url;
  if (!allowedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return undefined;
  // A path that normalises elsewhere ("/dashboard/../login") is not the one it claims to be.
  if (/(^|\/)\.\.?(\/|$)/.test(value.split(/[?#]/)[0]!)) return undefined;
  return `${pathname}${url.search}`;
}

/** The part of Storage this needs (sessionStorage in the app; a map in tests). */
export type ReturnStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Remembers where to come back to; an unsafe value is refused (false) and nothing is kept. */
export function rememberReturnPath(value: string, origin: string, storage: ReturnStorage): boolean {
  const safe = safeReturnPath(value, origin);
  if (!safe) {
    storage.removeItem(storageKey);
    return false;
  }
  storage.setItem(storageKey, safe);
  return true;
}

/** Where to come back to, once: read, checked again (storage is not trusted either) and forgotten. */
export function takeReturnPath(origin: string, storage: ReturnStorage): string | undefined {
  const stored = storage.getItem(storageKey);
  storage.removeItem(storageKey);
  return safeReturnPath(stored, origin);
}

/** `path` with the query string `search` ("?a=b") merged into its own. */
export function withSearch(path: string, search: string): string {
  const [pathname, query = ''] = path.split('?') as [string, string?];
  const merged = new URLSearchParams(query);
  for (const [name, value] of new URLSearchParams(search)) merged.set(name, value);
  const text = merged.toString();
  return text ? `${pathname}?${text}` : pathname;
}
