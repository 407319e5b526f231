import type { SandboxResponse } from '../http';
import { graphErrors, graphTokenRefused, type GraphError } from '../metaGraph';
import type { AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';

/**
 * The Instagram Graph API's dialect of Meta's Graph wire format (../metaGraph.ts), shared by the
 * profile, publishing and insights routes: every error with HTTP 400 and type OAuthException.
 */

export { graphAccess } from '../metaGraph';

export const graphError: GraphError = graphErrors({ realm: 'Instagram Graph API' });

/** A refused token; a revoked one is the user's removal of the app (458 in the Graph API's subcodes). */
export function tokenRefused(context: PlatformContext, check: Extract<AccessCheck, { failure: string }>): SandboxResponse {
  return graphTokenRefused(graphError, context, check);
}
