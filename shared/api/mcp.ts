import * as z from '../zod';
import { apiScopes } from './apiScopes';

/**
 * The MCP server's HTTP shapes (issue 30; docs/mcp.md): its OAuth requests and the consent page's.
 * Its tools are shared/api/mcpTools.ts (apart, so the route table, in every function, does not
 * carry their descriptions).
 */

/** How long an access token works, and how long an authorization code waits to be exchanged. */
export const MCP_ACCESS_TOKEN_SECONDS = 3600;
export const MCP_CODE_SECONDS = 600;
/** The scopes an MCP client may ask for: the API keys' own. */
export const mcpScopes = apiScopes;

/** A raw route's answer (shared/api/routes.ts `raw`): the HTTP result itself. */
export const httpResultSchema = z.object({
  statusCode: z.number(),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.string().optional(),
});
export type HttpResult = z.infer<typeof httpResultSchema>;

const scopeListSchema = z
  .string()
  .max(200)
  .refine((value) => value.split(' ').every((scope) => (mcpScopes as readonly string[]).includes(scope)), 'The scopes are read, write and publish, separated by spaces.');

/** The authorization request (OAuth 2.1 §4.1.1) as the MCP client sends the browser with it. */
export const mcpAuthorizationQuerySchema = z.object({
  response_type: z.string().max(20),
  client_id: z.string().min(1).max(100),
  redirect_uri: z.string().min(1).max(2000),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'The code_challenge must be the base64url SHA-256 of the code verifier (43 characters).'),
  code_challenge_method: z.string().max(10),
  state: z.string().max(500).optional(),
  scope: scopeListSchema.optional(),
  resource: z.string().max(2000).optional(),
});
export type McpAuthorizationRequest = z.infer<typeof mcpAuthorizationQuerySchema>;

/** What the consent page asks about: the request the authorization endpoint passed it. */
export const mcpConsentRequestSchema = mcpAuthorizationQuerySchema;

/** What the consent page shows. */
export const mcpConsentSchema = z.object({
  clientName: z.string(),
  /** Where the browser returns: its origin, shown so the person knows where they are sent. */
  redirectOrigin: z.string(),
  /** The scopes the client asked for (all three when it named none). */
  requestedScopes: z.array(z.enum(apiScopes)),
});
export type McpConsent = z.infer<typeof mcpConsentSchema>;

/** The person's decision, with the request it answers. */
export const mcpConsentResultSchema = z.object({
  request: mcpAuthorizationQuerySchema,
  approve: z.boolean(),
  scopes: z
    .array(z.enum(apiScopes))
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope can be chosen once.')
    .default([]),
});
export type McpConsentResult = z.infer<typeof mcpConsentResultSchema>;
