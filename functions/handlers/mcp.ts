import { apiDependencies } from '../composition/http';
import { apiKeyService } from '../composition/apiKeys';
import { apiBaseUrl, mcpOAuth } from '../composition/mcp';
import { siteUrl } from '../composition/shared';
import { createHttpHandler } from '../http/httpHandler';
import { createMcpEndpoints } from '../mcp/endpoints';
import { createPublicRouteInvoker } from '../mcp/publicRoutes';
import { handler as analytics } from './analytics';
import { handler as connections } from './connections';
import { handler as content } from './content';
import { handler as posts } from './posts';
import { handler as uploads } from './uploads';

/**
 * The MCP server (docs/mcp.md). Its tools call the public routes in process, through the same
 * group handlers the API serves them with (their gates, limits and idempotency): this function
 * bundles those groups and has their grants (functions/handlers/groups.ts).
 */
const endpoints = createMcpEndpoints({
  keys: apiKeyService(),
  oauth: mcpOAuth(),
  invoke: createPublicRouteInvoker({ analytics, connections, content, posts, uploads }),
  apiBase: apiBaseUrl(),
  consentPage: `${siteUrl()}/connect-assistant`,
});

export const handler = createHttpHandler('mcp', endpoints, apiDependencies('mcp'));
