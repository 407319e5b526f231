import * as z from '../zod';
import { platforms } from '../platforms';
import { apiScopes } from './apiScopes';

/**
 * API keys (issue 30): a workspace's keys for scripts, integrations and AI assistants calling the
 * public API (shared/api/publicApi.ts) with `Authorization: Bearer <key>`. A key is named, scoped
 * (read, write, publish: any of them), optionally limited to some of the workspace's accounts and
 * optionally expiring; it acts as the member who made it, with that member's role at each call.
 * The secret is answered once, when the key is made; only its SHA-256 hash is kept.
 *
 * A key reads `ock_<workspaceId>_<keyId>_<secret>`: the workspace and key ids find its one record,
 * the secret proves it (docs/api.md).
 */
export const API_KEY_PREFIX = 'ock';
export const API_KEY_MAX_DAYS = 366;
export const API_KEY_MAX_ACCOUNTS = 50;
/** The most keys one workspace keeps (revoked ones included, until they are deleted with it). */
export const API_KEYS_PER_WORKSPACE = 100;

export const apiKeyNameSchema = z.string().trim().min(1, 'Give the key a name, such as the script or assistant that will use it.').max(80, 'A key name can be at most 80 characters.');

export const apiKeyAccountSchema = z.object({ platform: z.enum(platforms), accountId: z.string().min(1).max(200) });
export type ApiKeyAccount = z.infer<typeof apiKeyAccountSchema>;

export const createApiKeySchema = z.object({
  name: apiKeyNameSchema,
  scopes: z
    .array(z.enum(apiScopes))
    .min(1, 'Choose at least one scope: read, write or publish.')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope can be chosen once.'),
  /** The accounts the key may post to and see posts of; null or absent: every account of the workspace. */
  accounts: z
    .array(apiKeyAccountSchema)
    .min(1, 'Choose at least one account, or none to allow every account.')
    .max(API_KEY_MAX_ACCOUNTS, `A key can be limited to at most ${API_KEY_MAX_ACCOUNTS} accounts.`)
    .nullable()
    .optional(),
  /** Days until the key stops working; absent: it works until it is revoked. */
  expiresInDays: z.number().int().min(1, 'A key lasts at least a day.').max(API_KEY_MAX_DAYS, `A key lasts at most ${API_KEY_MAX_DAYS} days.`).optional(),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  keyId: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(apiScopes)),
  accounts: z.array(apiKeyAccountSchema).nullable(),
  /** The first characters of the key, so a person can tell their keys apart (never enough to use). */
  prefix: z.string(),
  createdBy: z.string(),
  createdByEmail: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The address the key was last used from. */
  lastUsedFrom: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The caller's keys, or every member's for an admin or the owner. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema), seesEveryMember: z.boolean() });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** A new key with its secret: shown once, never stored or listed again. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyPathSchema = z.object({ keyId: z.string().regex(/^[0-9A-Z]{26}$/, 'Not a key id.') });

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A personal workspace's id is its user's id (a Cognito sub, a UUID; other ids in tests). */
const WORKSPACE_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/**
 * An MCP connection's tokens (docs/mcp.md): the grant is a key record; its one-hour access token
 * reads `ocm_<workspaceId>_<keyId>_<secret>`, its refresh token `ocr_…` the same way.
 */
export const MCP_ACCESS_TOKEN_PREFIX = 'ocm';
export const MCP_REFRESH_TOKEN_PREFIX = 'ocr';
export type KeyTextPrefix = typeof API_KEY_PREFIX | typeof MCP_ACCESS_TOKEN_PREFIX | typeof MCP_REFRESH_TOKEN_PREFIX;

/** The parts of a key's (or an MCP token's) text, or undefined when it is not one. */
export function parseApiKey(text: string, prefix: KeyTextPrefix = API_KEY_PREFIX): { workspaceId: string; keyId: string; secret: string } | undefined {
  const parts = text.split('_');
  // The secret is base64url and may itself hold underscores: it is everything after the third.
  if (parts.length < 4 || parts[0] !== prefix) return undefined;
  const [, workspaceId, keyId] = parts as [string, string, string];
  const secret = parts.slice(3).join('_');
  if (!WORKSPACE_PATTERN.test(workspaceId) || !/^[0-9A-Z]{26}$/.test(keyId) || !SECRET_PATTERN.test(secret)) return undefined;
  return { workspaceId, keyId, secret };
}

/** The text of a key from its parts. */
export function formatApiKey(parts: { workspaceId: string; keyId: string; secret: string }, prefix: KeyTextPrefix = API_KEY_PREFIX): string {
  return `${prefix}_${parts.workspaceId}_${parts.keyId}_${parts.secret}`;
}

