import type { SandboxResponse } from '../http';
import { graphErrors, graphTokenRefused, type GraphError } from '../metaGraph';
import type { AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';

/**
 * The Threads Graph API's dialect of Meta's Graph wire format (../metaGraph.ts), shared by the
 * OAuth, profile, publishing and insights routes: every error with HTTP 400 and type
 * OAuthException, as graph.threads.net answers.
 */

export { graphAccess } from '../metaGraph';

export const graphError: GraphError = graphErrors({ realm: 'Threads Graph API' });

/** A refused token; a revoked one is the user's removal of the app (458). */
export function tokenRefused(context: PlatformContext, check: Extract<AccessCheck, { failure: string }>): SandboxResponse {
  return graphTokenRefused(graphError, context, check);
}
