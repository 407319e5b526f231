/**
 * The API keys' scopes (shared/api/publicApi.ts says what each allows). Apart from the public API's
 * route list so the keys' schemas (shared/api/apiKeys.ts), which the route table imports, need not
 * import that list, which imports the route table.
 */
export const apiScopes = ['read', 'write', 'publish'] as const;
export type ApiScope = (typeof apiScopes)[number];
