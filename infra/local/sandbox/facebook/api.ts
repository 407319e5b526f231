import { readForm, type SandboxRequest, type SandboxResponse } from '../http';
import { graphErrors, graphToken, graphTokenRefused, type GraphError } from '../metaGraph';
import { checkAccessToken, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';
import { isPageToken } from './identity';

/**
 * Facebook's dialect of Meta's Graph wire format (../metaGraph.ts,
 * https://developers.facebook.com/docs/graph-api/guides/error-handling) and its token checks: a
 * transient error answers HTTP 500, and only token errors (190, 102) are OAuthExceptions.
 */

/** {error: {message, type, code, error_subcode, fbtrace_id}}, HTTP 400 as the Graph API answers OAuthExceptions (500 for transient ones). */
export const graphError: GraphError = graphErrors({
  realm: 'Facebook Platform',
  status: (details) => (details.is_transient ? 500 : 400),
  type: (code) => (code === 190 || code === 102 ? 'OAuthException' : 'GraphMethodException'),
});

/** Query parameters, then the form's. */
export async function parameters(request: SandboxRequest): Promise<URLSearchParams> {
  const merged = new URLSearchParams(request.query);
  const form = request.method === 'POST' ? await readForm(request) : undefined;
  for (const [name, value] of form ?? []) if (!merged.has(name)) merged.set(name, value);
  return merged;
}

/** The caller's Page token (for the named Page, when one is), or the refusal (publishing.ts builds it). */
export type PageAccess = (request: SandboxRequest, pageId?: string) => Promise<Extract<AccessCheck, { token: unknown }> | SandboxResponse>;

/** A checked token, and whether it acts for a Page (or for the user). */
export type GraphAccess = (Extract<AccessCheck, { token: unknown }> & { page: boolean }) | SandboxResponse;

/** The token from the access_token parameter (query or form) or the bearer header, checked; a refusal in the Graph API's words. */
export async function graphAccess(context: PlatformContext, request: SandboxRequest): Promise<GraphAccess> {
  const raw = graphToken(request, (await parameters(request)).get('access_token'));
  const check = checkAccessToken(context, raw);
  if ('failure' in check) return tokenRefused(context, check, isPageToken(raw));
  return { ...check, page: isPageToken(raw) };
}

/** A refused token; a Page's token dies when its user loses their role on the Page (492), a User token when the user removes the app (458). */
function tokenRefused(context: PlatformContext, check: Extract<AccessCheck, { failure: string }>, page: boolean): SandboxResponse {
  return graphTokenRefused(
    graphError,
    context,
    check,
    page ? () => graphError(190, 'Error validating access token: The session is invalid because the user is not an admin of the page.', 492) : undefined,
  );
}
