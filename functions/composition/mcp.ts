import { createMcpOAuth, type McpOAuth } from '../mcp/oauth';
import { apiKeyService } from './apiKeys';
import { clock, documentClient, siteUrl, tableName } from './shared';

/** The API's base address (`https://<site>/api`): the MCP server's resource, and its authorization server's issuer. */
export function apiBaseUrl(): string {
  return `${siteUrl()}/api`;
}

let oauth: McpOAuth | undefined;
/** The MCP server's authorization server: clients and codes in the oauth-states table, grants as API keys. */
export function mcpOAuth(): McpOAuth {
  return (oauth ??= createMcpOAuth({ db: documentClient(), tableName: tableName('oauthStates'), clock, keys: apiKeyService(), issuer: apiBaseUrl() }));
}
