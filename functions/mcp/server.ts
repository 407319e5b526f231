import { createHash } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { mcpTools, mcpToolNames, type McpToolName } from '../../shared/api/mcpTools';
import type { HttpResult } from '../../shared/api/mcp';
import { apiScopeOf, type ApiScope } from '../../shared/api/publicApi';
import { routes, type RouteDefinition } from '../../shared/api/routes';
import { jsonSchemaOf } from '../../shared/api/openapi';
import type { JsonSchema } from '../../shared/api/openapiDocument';
import type { ApiEvent } from '../http/apiEvent';
import type { PublicRouteAnswer, PublicRouteInvoker } from './publicRoutes';

/** The scope a tool needs: its route's, in shared/api/publicApi.ts. */
export function toolScope(name: McpToolName): ApiScope {
  return apiScopeOf(mcpTools[name].route)!;
}

/** The tools a credential with these scopes sees (a tool it may not call is not listed). */
export function toolsFor(scopes: readonly ApiScope[]): McpToolName[] {
  return mcpToolNames.filter((name) => scopes.includes(toolScope(name)));
}

/**
 * A tool's arguments as JSON Schema: its route's path, query and body fields side by side, each
 * converted from the route table's zod schema (the request side, as the route accepts it).
 */
export function toolInputSchema(name: McpToolName): Tool['inputSchema'] {
  const route: RouteDefinition = routes[mcpTools[name].route];
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  for (const schema of [route.input.path, route.input.query, route.input.body]) {
    if (!schema) continue;
    const converted = jsonSchemaOf(schema, 'input');
    Object.assign(properties, converted.properties as Record<string, JsonSchema> | undefined);
    for (const field of (converted.required as string[] | undefined) ?? []) required.add(field);
  }
  return { type: 'object', properties, ...(required.size ? { required: [...required] } : {}) } as Tool['inputSchema'];
}

/** The tools' descriptions as tools/list answers them, built once. */
const toolList: Record<McpToolName, Tool> = Object.fromEntries(
  mcpToolNames.map((name) => {
    const tool = mcpTools[name];
    const write = routes[tool.route].method !== 'GET';
    const tool_: Tool = {
      name,
      title: tool.title,
      description: `${tool.description} Needs the "${toolScope(name)}" scope.`,
      inputSchema: toolInputSchema(name),
      annotations: { readOnlyHint: !write, destructiveHint: name.startsWith('delete_') || name === 'cancel_post', idempotentHint: write, openWorldHint: toolScope(name) === 'publish' },
    };
    return [name, tool_];
  }),
) as Record<McpToolName, Tool>;

/**
 * The Idempotency-Key of a tool call: its JSON-RPC request id (the tool call's id), the tool and
 * its arguments, hashed. The same call repeated with the same id runs once; a client that numbers
 * its requests from 0 again on each connection does not replay another call under the same id.
 * The idempotency records are kept per API key (or MCP connection) and route, so two clients
 * never share one.
 */
export function toolCallKey(requestId: string | number, name: string, args: unknown): string {
  return `mcp:${createHash('sha256').update(JSON.stringify([requestId, name, args])).digest('base64url')}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A route's answer as a tool result: the data as text and structured content; an error as the app's words. */
export function toolResult(answer: PublicRouteAnswer): CallToolResult {
  if (answer.status >= 200 && answer.status < 300) {
    const data = answer.body === undefined ? { done: true } : answer.body;
    const structured = isRecord(data) ? data : { result: data };
    return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: structured };
  }
  const problem = isRecord(answer.body) ? answer.body : {};
  const detail = typeof problem['detail'] === 'string' ? problem['detail'] : 'The request failed.';
  const code = typeof problem['code'] === 'string' ? problem['code'] : 'Error';
  const issues = Array.isArray(problem['issues']) ? (problem['issues'] as Array<{ path?: unknown; message?: unknown }>) : [];
  const lines = [detail, ...issues.filter((issue) => !detail.includes(String(issue.message))).map((issue) => `${String(issue.path)}: ${String(issue.message)}`)];
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }], structuredContent: { status: answer.status, code, detail, issues } };
}

/** The words a tool call without its scope gets (the key's own refusal, ScopeMissing). */
const scopeMissing = (scope: ApiScope, oauth: boolean) =>
  oauth
    ? `This connection does not have the "${scope}" scope, which this tool needs. Connect the assistant again and allow "${scope}".`
    : `This API key does not have the "${scope}" scope, which this tool needs. Make a key with "${scope}" in Settings → API keys.`;

export const MCP_SERVER_INSTRUCTIONS =
  'OneClick publishes and schedules posts to social networks. Start with list_accounts (each account\'s platform and accountId), upload media with upload_from_url, then create_draft or create_post (now, at scheduledFor, or queue=true). Every write is done once per tool call id.';

export interface McpCredential {
  bearer: string;
  scopes: ApiScope[];
  /** An OAuth access token rather than an API key (the words of a refusal differ). */
  oauth: boolean;
}

/**
 * A transport's refusal (a body that is not JSON-RPC, a missing Accept) with its words also as
 * `message`, as every refusal of the API has; the JSON-RPC error stays as it is.
 */
function withMessage(text: string): string {
  try {
    const answer = JSON.parse(text) as { error?: { message?: unknown } };
    return JSON.stringify({ ...answer, message: typeof answer.error?.message === 'string' ? answer.error.message : 'The MCP request was refused.' });
  } catch {
    return JSON.stringify({ message: text || 'The MCP request was refused.' });
  }
}

/** The request's body as text (API Gateway may send it base64-encoded). */
function bodyOf(event: ApiEvent): string | undefined {
  if (event.body === undefined) return undefined;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * One MCP request (Streamable HTTP, stateless): a new server and transport per request (a Lambda
 * keeps no session), JSON answers rather than event streams. tools/list lists the tools the
 * credential's scopes allow; tools/call calls the tool's public route in process
 * (./publicRoutes.ts) and answers its data, or its refusal in the app's words with isError.
 */
export async function handleMcpRequest(
  event: ApiEvent,
  context: Context,
  credential: McpCredential,
  deps: { invoke: PublicRouteInvoker; version: string },
): Promise<HttpResult> {
  const server = new Server({ name: 'OneClick', version: deps.version }, { capabilities: { tools: { listChanged: false } }, instructions: MCP_SERVER_INSTRUCTIONS });
  const allowed = toolsFor(credential.scopes);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: allowed.map((name) => toolList[name]) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const name = request.params.name as McpToolName;
    if (!Object.hasOwn(mcpTools, name)) {
      return { isError: true, content: [{ type: 'text', text: `There is no tool named "${request.params.name}". Ask for tools/list.` }] };
    }
    const scope = toolScope(name);
    if (!credential.scopes.includes(scope)) return { isError: true, content: [{ type: 'text', text: scopeMissing(scope, credential.oauth) }], structuredContent: { status: 403, code: 'ScopeMissing', detail: scopeMissing(scope, credential.oauth), issues: [] } };
    const args = request.params.arguments ?? {};
    const answer = await deps.invoke({
      route: mcpTools[name].route,
      args,
      bearer: credential.bearer,
      idempotencyKey: toolCallKey(extra.requestId, name, args),
      source: event,
      context,
    });
    return toolResult(answer);
  });

  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
    const body = bodyOf(event);
    const request = new Request(`https://${event.requestContext.domainName}${event.rawPath}`, { method: event.requestContext.http.method, headers, ...(body === undefined ? {} : { body }) });
    const response = await transport.handleRequest(request);
    const answerHeaders: Record<string, string> = { 'cache-control': 'no-store' };
    response.headers.forEach((value, name) => (answerHeaders[name] = value));
    const text = await response.text();
    return { statusCode: response.status, headers: answerHeaders, body: response.status >= 400 ? withMessage(text) : text };
  } finally {
    await server.close();
  }
}
