import * as z from '../zod';
import { platforms } from '../platforms';
import { accountLimitsSchema } from '../platforms/accountLimits';

export const connectionStatuses = ['connected', 'needs_reconnect', 'disconnected'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/**
 * valid: nothing to do; refreshes_automatically: expires soon but we refresh it; reconnect_soon:
 * it cannot be refreshed and expires within a week (reconnectBy); expired: reconnect now.
 */
export const tokenExpiryStates = ['valid', 'reconnect_soon', 'expired'] as const;

export const platformParamSchema = z.object({ platform: z.enum(platforms) });

export const accountPathSchema = z.object({
  platform: z.enum(platforms),
  accountId: z.string().min(1).max(200),
});

/** A connection as the API shows it: never a token. */
export const connectionSchema = z.object({
  connectionId: z.string(),
  platform: z.enum(platforms),
  platformUserId: z.string(),
  status: z.enum(connectionStatuses),
  displayName: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  tokenExpiry: z.object({
    state: z.enum(tokenExpiryStates),
    /** When the user must reconnect by (tokens that cannot be refreshed). */
    reconnectBy: z.string().nullable(),
  }),
  /** Why the connection needs the user, in words. */
  reconnectReason: z.string().nullable(),
  /**
   * The permissions the platform granted, as it reported them (never secret: the user chose them);
   * null for a connection made before OneClick kept them beside the tokens. The composer tells
   * from them who gets a first comment (`commentRules[p].scope`, shared/platforms/comments.ts).
   */
  grantedScopes: z.array(z.string()).nullable(),
  /**
   * The limits the account's server sets where the platform's data says `accountLimits` (read at
   * connect, again at most daily); null elsewhere. The composer counts against them.
   */
  limits: accountLimitsSchema.nullable(),
  connectedAt: z.string(),
  updatedAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionListSchema = z.object({
  connections: z.array(connectionSchema),
  /** Platforms whose app credentials are configured on this deployment. */
  availablePlatforms: z.array(z.enum(platforms)),
  usage: z.object({ connectedAccounts: z.number().int(), maxAccounts: z.number().int().nullable() }),
});
export type ConnectionList = z.infer<typeof connectionListSchema>;

/**
 * Starting a connection: `server` is the server the account lives on, for platforms whose
 * capabilities say `connectServer` ("server.example" or "https://server.example").
 */
export const startConnectionSchema = z.object({ server: z.string().trim().min(1).max(253).optional() }).optional();

export const authorizationSchema = z.object({ authorizationUrl: z.url() });

/** The OAuth callback's query: what a platform sends back (success or error). */
export const oauthCallbackQuerySchema = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    /** The authorization server's issuer (RFC 9207), sent by servers that identify themselves. */
    iss: z.string().max(2048).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
    error_reason: z.string().max(200).optional(),
  })
  .loose();

/** The app's /auth/callback page confirms a flow the platform sent back (as the signed-in user). */
export const confirmConnectionSchema = z.object({ state: z.string().min(1).max(512) });

/** Codes of failed connections; the front end words them (never showing text from the URL). */
export const connectErrorCodes = [
  'access_denied',
  'invalid_state',
  /** The flow came back to (or was confirmed from) a browser other than the one that started it. */
  'other_browser',
  /** The signed-in user is not the one who started the flow. */
  'other_user',
  /** Nobody is signed in where the flow came back. */
  'signed_out',
  'missing_scopes',
  'quota_exceeded',
  'not_configured',
  'exchange_failed',
  'no_channel',
  /** The consent lets the user manage no account of the kind we connect (no Facebook Page). */
  'no_accounts',
] as const;
export type ConnectErrorCode = (typeof connectErrorCodes)[number];

export const redirectSchema = z.object({ location: z.string() });

/**
 * One account a consent lets the user connect (a Facebook Page, a LinkedIn organization, a
 * Google Business Profile location): what the picker shows, never a token.
 */
export const choosableAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  pictureUrl: z.string().nullable(),
});
export type ChoosableAccount = z.infer<typeof choosableAccountSchema>;

/**
 * What confirming a flow answers: where the app goes next, or — for a platform where one consent
 * manages several accounts — the accounts to pick from, with the choice's single-use id.
 */
export const confirmationSchema = z.union([
  redirectSchema,
  z.object({ choice: z.object({ choiceId: z.string(), accounts: z.array(choosableAccountSchema).min(1) }) }),
]);
export type Confirmation = z.infer<typeof confirmationSchema>;

/** The accounts the user picked from a choice (at least one, each once). */
export const chooseAccountsSchema = z.object({
  choiceId: z.string().min(1).max(512),
  accountIds: z
    .array(z.string().min(1).max(200))
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each account can be chosen once.' }),
});

/** An OAuth client metadata document (RFC 7591 fields), served where a platform's client_id points. */
export const clientMetadataSchema = z.record(z.string(), z.unknown());
