import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { platforms, type Platform } from '../../../shared/platforms';

/**
 * Everything the sandbox issued: accounts, authorization codes and tokens. Codes and tokens are
 * kept as SHA-256 hashes, so sandbox.json holds no usable credential. With a data folder, every
 * change is written to <dataDir>/sandbox.json at once (revoked and expired tokens stay so across
 * a restart).
 */

const platformSchema = z.enum(platforms);

const accountSchema = z.object({
  platform: platformSchema,
  name: z.string(),
  displayName: z.string(),
  createdAt: z.number(),
  /** Client ids the account consented to (some platforms give a refresh token on the first consent only). */
  consentedClients: z.array(z.string()),
});

const codeSchema = z.object({
  hash: z.string(),
  platform: platformSchema,
  account: z.string(),
  clientId: z.string(),
  redirectUri: z.string(),
  scopes: z.array(z.string()),
  codeChallenge: z.string().optional(),
  codeChallengeMethod: z.enum(['S256', 'plain']).optional(),
  grantsRefreshToken: z.boolean(),
  expiresAt: z.number(),
  used: z.boolean(),
});

const tokenSchema = z.object({
  hash: z.string(),
  platform: platformSchema,
  kind: z.enum(['access', 'refresh']),
  /** Where a platform has both: a short-lived access token (from the code) or a long-lived one (exchanged for it). */
  lifespan: z.enum(['short', 'long']).optional(),
  account: z.string(),
  /** One consent's tokens share a grant: revoking one token revokes the grant. */
  grantId: z.string(),
  clientId: z.string(),
  scopes: z.array(z.string()),
  issuedAt: z.number(),
  /** Epoch ms; null = does not expire by time. */
  expiresAt: z.number().nullable(),
  revoked: z.boolean(),
});

const stateSchema = z.object({
  version: z.literal(1),
  accounts: z.array(accountSchema),
  codes: z.array(codeSchema),
  tokens: z.array(tokenSchema),
});

export type AccountRecord = z.infer<typeof accountSchema>;
export type CodeRecord = z.infer<typeof codeSchema>;
export type TokenRecord = z.infer<typeof tokenSchema>;
type State = z.infer<typeof stateSchema>;

export type TokenStatus = 'valid' | 'expired' | 'revoked';
export type CodeFailure = 'unknown' | 'used' | 'expired';

export interface NewCode extends Omit<CodeRecord, 'hash' | 'used'> {
  code: string;
}

export interface NewToken extends Omit<TokenRecord, 'hash' | 'revoked'> {
  token: string;
}

export interface SandboxStore {
  accounts(platform: Platform): AccountRecord[];
  account(platform: Platform, name: string): AccountRecord | undefined;
  /** Creates the account, or updates its display name when one is given. */
  saveAccount(platform: Platform, name: string, displayName: string | undefined): AccountRecord;
  /** Records the consent; true when it is the account's first consent to this client. */
  recordConsent(platform: Platform, name: string, clientId: string): boolean;
  issueCode(code: NewCode): void;
  /** Redeems a code once: a second redemption, or one after expiry, fails. */
  redeemCode(platform: Platform, code: string): CodeRecord | CodeFailure;
  issueToken(token: NewToken): TokenRecord;
  findToken(platform: Platform, token: string): TokenRecord | undefined;
  status(token: TokenRecord): TokenStatus;
  revokeToken(token: TokenRecord): void;
  revokeGrant(grantId: string): void;
  /** The user removed the app: every token and unused code of the account dies, consents are forgotten. */
  revokeAccount(platform: Platform, name: string): void;
  expireAccessTokens(platform: Platform, name: string): void;
  tokens(platform: Platform): TokenRecord[];
  reset(): void;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function emptyState(): State {
  return { version: 1, accounts: [], codes: [], tokens: [] };
}

function load(file: string | undefined): State {
  if (!file || !existsSync(file)) return emptyState();
  const parsed = stateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a sandbox state file: ${parsed.error.message}`);
  return parsed.data;
}

export function createStore(options: { dataDir?: string; clock: { now(): number } }): SandboxStore {
  const file = options.dataDir ? join(options.dataDir, 'sandbox.json') : undefined;
  let state = load(file);
  const now = () => options.clock.now();

  function persist(): void {
    if (!file) return;
    mkdirSync(options.dataDir!, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(state, null, 2));
    renameSync(temporary, file);
  }

  function account(platform: Platform, name: string): AccountRecord | undefined {
    return state.accounts.find((candidate) => candidate.platform === platform && candidate.name === name);
  }

  return {
    accounts: (platform) => state.accounts.filter((candidate) => candidate.platform === platform),
    account,
    saveAccount(platform, name, displayName) {
      const existing = account(platform, name);
      if (existing) {
        if (displayName && displayName !== existing.displayName) {
          existing.displayName = displayName;
          persist();
        }
        return existing;
      }
      const created: AccountRecord = { platform, name, displayName: displayName ?? defaultDisplayName(name), createdAt: now(), consentedClients: [] };
      state.accounts.push(created);
      persist();
      return created;
    },
    recordConsent(platform, name, clientId) {
      const record = account(platform, name);
      if (!record) throw new Error(`no ${platform} sandbox account ${name}`);
      if (record.consentedClients.includes(clientId)) return false;
      record.consentedClients.push(clientId);
      persist();
      return true;
    },
    issueCode({ code, ...rest }) {
      state.codes.push({ ...rest, hash: hashSecret(code), used: false });
      persist();
    },
    redeemCode(platform, code) {
      const hash = hashSecret(code);
      const record = state.codes.find((candidate) => candidate.platform === platform && candidate.hash === hash);
      if (!record) return 'unknown';
      if (record.used) return 'used';
      record.used = true;
      persist();
      return record.expiresAt <= now() ? 'expired' : record;
    },
    issueToken({ token, ...rest }) {
      const record: TokenRecord = { ...rest, hash: hashSecret(token), revoked: false };
      state.tokens.push(record);
      persist();
      return record;
    },
    findToken(platform, token) {
      const hash = hashSecret(token);
      return state.tokens.find((candidate) => candidate.platform === platform && candidate.hash === hash);
    },
    status(token) {
      if (token.revoked) return 'revoked';
      return token.expiresAt !== null && token.expiresAt <= now() ? 'expired' : 'valid';
    },
    revokeToken(token) {
      token.revoked = true;
      persist();
    },
    revokeGrant(grantId) {
      for (const token of state.tokens) if (token.grantId === grantId) token.revoked = true;
      persist();
    },
    revokeAccount(platform, name) {
      const record = account(platform, name);
      if (!record) throw new Error(`no ${platform} sandbox account ${name}`);
      for (const token of state.tokens) if (token.platform === platform && token.account === name) token.revoked = true;
      for (const code of state.codes) if (code.platform === platform && code.account === name) code.used = true;
      record.consentedClients = [];
      persist();
    },
    expireAccessTokens(platform, name) {
      if (!account(platform, name)) throw new Error(`no ${platform} sandbox account ${name}`);
      const at = now();
      for (const token of state.tokens) {
        if (token.platform === platform && token.account === name && token.kind === 'access' && (token.expiresAt === null || token.expiresAt > at)) {
          token.expiresAt = at;
        }
      }
      persist();
    },
    tokens: (platform) => state.tokens.filter((token) => token.platform === platform),
    reset() {
      state = emptyState();
      persist();
    },
  };
}

/** "sandbox-user" → "Sandbox User". */
export function defaultDisplayName(accountName: string): string {
  return accountName
    .split(/[-_.]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
