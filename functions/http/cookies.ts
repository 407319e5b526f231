/**
 * Cookies a route sets, carried beside its output without changing the output's type: the
 * implementation returns `withCookies(output, [...])`, the HTTP wrapper puts them in the
 * result's `cookies` (API Gateway payload 2.0 turns each into a Set-Cookie header). The symbol
 * key keeps them out of the JSON body.
 */
const responseCookies = Symbol('responseCookies');

export function withCookies<T extends object>(output: T, cookies: string[]): T {
  return Object.assign(output, { [responseCookies]: cookies });
}

export function responseCookiesOf(output: unknown): string[] | undefined {
  if (typeof output !== 'object' || output === null) return undefined;
  const cookies = (output as { [responseCookies]?: string[] })[responseCookies];
  return cookies?.length ? cookies : undefined;
}

/** A request cookie's value by name (API Gateway payload 2.0 gives them as `name=value` strings). */
export function requestCookie(cookies: string[] | undefined, name: string): string | undefined {
  for (const cookie of cookies ?? []) {
    for (const pair of cookie.split(';')) {
      const separator = pair.indexOf('=');
      if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}
