import * as z from '../zod';
import { routes, type RouteDefinition } from './routes';
import { publicApiPath, publicApiRoutes, type PublicApiRouteId } from './publicApi';
import { createPostSchema, postSchema, saveDraftSchema } from './posts';
import { queueChangeSchema } from './queue';
import { approvalDecisionSchema } from './approvals';
import type { JsonSchema, OpenApiDocument, Operation, OperationMethod, Parameter, ResponseObject } from './openapiDocument';

/**
 * The public API's OpenAPI 3.1 document, generated from the route table (issue 30): exactly the
 * routes of shared/api/publicApi.ts, at their /v1 paths, each schema converted from the route's
 * zod schema by zod's own z.toJSONSchema — the request side as the route accepts it (io 'input':
 * defaults optional, coercions as sent), the answer as the route gives it (io 'output'). Nothing
 * here is written by hand but the words around the schemas, so the document cannot drift from
 * the routes (test/unit/shared/api/openapi.test.ts derives each schema again and compares).
 */
export const OPENAPI_VERSION = '3.1.1';

/** The groups of the reference, in the order it shows them. */
export const apiTags = [
  { name: 'accounts', description: "Connected social accounts (never their tokens), each network's posting settings and publishing limits." },
  { name: 'posts', description: 'Create, list, read, edit, reschedule, cancel, retry, duplicate and delete posts.' },
  { name: 'drafts', description: 'Save drafts (nothing reaches a network) and publish them.' },
  { name: 'uploads', description: 'Upload files straight to storage with presigned part URLs, and the storage used.' },
  { name: 'content', description: 'My Content: the videos and podcasts the AI tools made.' },
  { name: 'analytics', description: "Each post's numbers, totals over a period, the best times to post, and the posts as CSV." },
  { name: 'queue', description: "Each account's weekly posting times and the posts queued on them." },
  { name: 'approvals', description: 'Posts waiting for a decision, the decisions, and the comment threads.' },
  { name: 'webhooks', description: 'Endpoints told when posts are published, fail or need approval (signed per Standard Webhooks).' },
  { name: 'workspace', description: "The workspace the key belongs to: its name, time zone, approval rule and plan." },
] as const;
export type ApiTag = (typeof apiTags)[number]['name'];

const approvalRoutes: ReadonlySet<string> = new Set(['listApprovals', 'approvePost', 'requestPostChanges', 'rejectPost', 'listPostComments', 'addPostComment']);
const tagOfSegment: Readonly<Record<string, ApiTag>> = {
  connections: 'accounts',
  posts: 'posts',
  drafts: 'drafts',
  uploads: 'uploads',
  storage: 'uploads',
  content: 'content',
  analytics: 'analytics',
  exports: 'analytics',
  queues: 'queue',
  approvals: 'approvals',
  webhooks: 'webhooks',
  workspace: 'workspace',
};

/** The reference group of a route: approvals by name, the others by their path's first segment (that segment itself when unknown). */
export function tagOf(id: string, route: RouteDefinition): string {
  if (approvalRoutes.has(id)) return 'approvals';
  const segment = route.path.split('/')[1] ?? '';
  return tagOfSegment[segment] ?? (segment.startsWith('webhook') ? 'webhooks' : segment);
}

/** A zod schema as JSON Schema 2020-12, without `$schema` (OpenAPI 3.1's default dialect is 2020-12). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...converted } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  return converted;
}

/**
 * Schemas several operations answer or take whole, kept once in components.schemas and named
 * there; any other schema is written where it is used.
 */
const namedSchemas: ReadonlyArray<{ name: string; schema: z.ZodType; io: 'input' | 'output' }> = [
  { name: 'Post', schema: postSchema, io: 'output' },
  { name: 'QueueChange', schema: queueChangeSchema, io: 'output' },
  { name: 'NewPost', schema: createPostSchema, io: 'input' },
  { name: 'Draft', schema: saveDraftSchema, io: 'input' },
  { name: 'ApprovalDecision', schema: approvalDecisionSchema, io: 'input' },
];

export const schemaRefPrefix = '#/components/schemas/';
export const responseRefPrefix = '#/components/responses/';

/** An RFC 9457 problem details object, as every error on /v1 answers. */
const problemSchema: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details (application/problem+json). `detail` holds the same words the app shows.',
  properties: {
    type: { type: 'string', format: 'uri-reference', description: 'Identifies the kind of problem.' },
    title: { type: 'string', description: 'A short summary of the kind of problem.' },
    status: { type: 'integer', description: 'The HTTP status code.' },
    detail: { type: 'string', description: 'What went wrong with this request, in words a person can act on.' },
    code: { type: 'string', description: 'A stable machine-readable code, e.g. InvalidInput, NotFound, Conflict, QuotaExceeded, TooManyRequests.' },
    issues: {
      type: 'array',
      description: "Each invalid field: its path (e.g. body.targets.0.accountId) and what is wrong with it; empty for other problems.",
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
      },
    },
  },
  required: ['type', 'title', 'status', 'detail', 'code', 'issues'],
};

const problemContent = { 'application/problem+json': { schema: { $ref: `${schemaRefPrefix}Problem` } } };

const errorResponses: Readonly<Record<string, { name: string; response: ResponseObject }>> = {
  '400': { name: 'BadRequest', response: { description: 'The request is not valid: the body is not JSON, a field is missing or wrong (`issues` names each), or the Idempotency-Key header is malformed.', content: problemContent } },
  '401': { name: 'Unauthorized', response: { description: 'No API key, or one that is unknown, revoked or expired.', content: problemContent } },
  '403': { name: 'Forbidden', response: { description: "The key lacks the operation's scope, the role of the key's creator does not allow it, or the plan's limit is reached (code QuotaExceeded).", content: problemContent } },
  '404': { name: 'NotFound', response: { description: 'Nothing with that id in the key\'s workspace.', content: problemContent } },
  '409': { name: 'Conflict', response: { description: 'The thing changed state in a way that forbids this (e.g. the post is already published), or a request with the same Idempotency-Key is still running.', content: problemContent } },
  '422': { name: 'IdempotencyKeyReused', response: { description: 'The Idempotency-Key was already used with a different request; nothing was done.', content: problemContent } },
  '429': {
    name: 'TooManyRequests',
    response: {
      description: "The key's rate limit is reached: wait as long as Retry-After says.",
      headers: {
        'Retry-After': { description: 'Seconds to wait before the next request (RFC 9110).', schema: { type: 'integer', minimum: 1 } },
        'RateLimit-Limit': { description: 'Requests the key may make in the window.', schema: { type: 'integer', minimum: 0 } },
        'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer', minimum: 0 } },
        'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer', minimum: 0 } },
      },
      content: problemContent,
    },
  },
};

export const idempotencyKeyParameter: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any unique value (a UUID) per intended write: a retry with the same key and the same request answers the first answer and does nothing again; the same key with another request is refused (422). Keys are kept 24 hours.',
  schema: { type: 'string', minLength: 8, maxLength: 255, pattern: '^[\\x21-\\x7e]{8,255}$' },
};

const securitySchemeName = 'apiKey';

export interface OpenApiOptions {
  /** The API's base URL, before /v1 (the site's origin and /api; relative when unknown). */
  serverUrl?: string;
}

/** The ids of the public API's routes, in the order publicApi.ts lists them. */
export const publicApiRouteIds = Object.keys(publicApiRoutes) as PublicApiRouteId[];

/** Builds the document from the route table. */
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const components: Record<string, JsonSchema> = { Problem: problemSchema };

  function schemaFor(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const named = namedSchemas.find((entry) => entry.schema === schema && entry.io === io);
    if (!named) return jsonSchemaOf(schema, io);
    components[named.name] ??= jsonSchemaOf(schema, io);
    return { $ref: `${schemaRefPrefix}${named.name}` };
  }

  const paths: Record<string, Partial<Record<OperationMethod, Operation>>> = {};
  for (const id of publicApiRouteIds) {
    const route: RouteDefinition = routes[id];
    if (route.redirect) throw new Error(`${id} answers with a redirect, which the public API cannot offer`);
    const scope = publicApiRoutes[id];
    const idempotent = route.idempotent === true;
    const parameters = [
      ...parametersOf(route.input.path, 'path', id),
      ...parametersOf(route.input.query, 'query', id),
      ...(idempotent ? [idempotencyKeyParameter] : []),
    ];
    const answersNothing = route.output.safeParse(undefined).success;
    const operation: Operation = {
      operationId: id,
      summary: route.summary,
      description: [
        `Needs an API key with the **${scope}** scope; the role of the key's creator in the workspace still applies.`,
        idempotent ? 'Send an `Idempotency-Key` header: a retry with the same key does nothing twice.' : '',
      ]
        .filter(Boolean)
        .join(' '),
      tags: [tagOf(id, route)],
      ...(parameters.length ? { parameters } : {}),
      ...(route.input.body
        ? { requestBody: { required: !route.input.body.safeParse(undefined).success, content: { 'application/json': { schema: schemaFor(route.input.body, 'input') } } } }
        : {}),
      responses: {
        ...(answersNothing
          ? { '204': { description: 'Done; no content.' } }
          : { '200': { description: 'OK', content: { 'application/json': { schema: schemaFor(route.output, 'output') } } } }),
        ...Object.fromEntries(
          Object.entries(errorResponses)
            .filter(([status]) => status !== '422' || idempotent)
            .map(([status, { name }]) => [status, { $ref: `${responseRefPrefix}${name}` }]),
        ),
      },
      security: [{ [securitySchemeName]: [scope] }],
      'x-oneclick-scope': scope,
      'x-oneclick-idempotent': idempotent,
    };
    const path = publicApiPath(route.path);
    (paths[path] ??= {})[route.method.toLowerCase() as OperationMethod] = operation;
  }

  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'OneClick API',
      version: '1',
      description: [
        'Everything the app does with posts, drafts, uploads, accounts, content, analytics, queues and approvals, for scripts, integrations and AI assistants.',
        '',
        "**Authentication.** Create an API key in Settings and send it as `Authorization: Bearer <API key>`. A key belongs to one workspace and acts as the person who created it, with that person's current role; each key has scopes (read, write, publish) and each operation names the one it needs.",
        '',
        '**Exactly once.** Every write takes an `Idempotency-Key` header: sending the same request again with the same key (after a timeout, say) answers the first answer and never posts twice.',
        '',
        '**Errors** are RFC 9457 problem details (`application/problem+json`): `type`, `title`, `status`, `detail` (the words the app shows), `code` and `issues` (each invalid field).',
        '',
        "**Limits.** Each key has its own rate limit; past it the API answers 429 with `Retry-After` and the `RateLimit-*` headers. Each network's own limits (characters, files, posts a day) are answered by the accounts operations.",
      ].join('\n'),
    },
    servers: [{ url: options.serverUrl ?? '/api', description: 'This deployment (offline: the twin started by npm start)' }],
    tags: apiTags.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: components,
      responses: Object.fromEntries(Object.values(errorResponses).map(({ name, response }) => [name, response])),
      securitySchemes: {
        [securitySchemeName]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'OneClick API key',
          description: "An API key from Settings › API keys, sent as `Authorization: Bearer <API key>`. Each operation's security names the scope it needs (read, write or publish).",
        },
      },
    },
  };
}

/** Path or query parameters from an input schema: one per property of the object it accepts. */
function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query', id: string): Parameter[] {
  if (!schema) return [];
  const converted = jsonSchemaOf(schema, 'input');
  const properties = converted['properties'] as Record<string, JsonSchema> | undefined;
  if (converted['type'] !== 'object' || !properties) throw new Error(`The ${location} schema of ${id} is not an object, so it has no parameters`);
  const required = new Set((converted['required'] as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(typeof property['description'] === 'string' ? { description: property['description'] } : {}),
    schema: property,
  }));
}
