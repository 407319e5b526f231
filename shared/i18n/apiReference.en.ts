/**
 * The API reference page. Its own words are here; the operations' summaries, the groups'
 * descriptions and the schemas' field descriptions come from the OpenAPI document and stay in
 * English (they are the route table's words, shared/api/routes.ts).
 */
export const apiReferenceEn = {
  title: 'API reference',
  settings: {
    title: 'API',
    body: 'Scripts, integrations and AI assistants can do what the app does through the OneClick API, with an API key. The reference lists every operation.',
    open: 'Open the API reference',
  },
  intro: 'Everything the app does with posts, drafts, uploads, accounts, content, analytics, queues and approvals, for your scripts, integrations and AI assistants. The descriptions of the operations are in English.',
  baseUrl: 'Base URL',
  document: 'OpenAPI 3.1 document',
  download: 'Download openapi.json',
  loadFailed: 'The reference could not be loaded: {{reason}}',
  essentials: 'Before you start',
  auth: {
    title: 'Authentication',
    body: 'Create an API key in Settings and send it on every request as Authorization: Bearer <API key>. A key belongs to one workspace and acts as the person who created it, with their current role. Each key has scopes — read, write, publish — and each operation names the one it needs.',
  },
  idempotency: {
    title: 'Exactly once',
    body: 'Operations marked "idempotent" take an Idempotency-Key header: send any unique value (a UUID) and, if you send the same request again with the same key, you get the first answer and nothing is done twice. The same key with a different request is refused (422). Keys are kept for 24 hours.',
  },
  errors: {
    title: 'Errors',
    body: 'Every error is an RFC 9457 problem details object (application/problem+json) with these fields; detail holds the same words the app shows.',
  },
  limits: {
    title: 'Limits',
    body: 'Each key has its own rate limit. Past it, the API answers 429 with Retry-After (seconds to wait) and the RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers. Each network’s own limits come from the accounts operations.',
  },
  search: 'Find an operation',
  searchPlaceholder: 'Path, name or words, e.g. "posts schedule"',
  noMatch: 'No operation matches “{{search}}”.',
  groups: 'Groups',
  tags: {
    accounts: 'Accounts',
    posts: 'Posts',
    drafts: 'Drafts',
    uploads: 'Uploads',
    content: 'Content',
    analytics: 'Analytics',
    queue: 'Queue',
    approvals: 'Approvals',
    webhooks: 'Webhooks',
    workspace: 'Workspace',
  },
  operationCount_one: '{{count}} operation',
  operationCount_other: '{{count}} operations',
  scope: 'Scope: {{scope}}',
  idempotent: 'Idempotent',
  parameters: 'Parameters',
  requestBody: 'Request body',
  response: 'Response {{status}}',
  noContent: 'No content.',
  errorResponses: 'Errors',
  field: 'Field',
  type: 'Type',
  details: 'Details',
  required: 'required',
  optional: 'optional',
  in: {
    path: 'path',
    query: 'query',
    header: 'header',
  },
  variant: 'Variant {{name}}',
  value: 'The value',
};
