import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryLog } from '../../../infra/local/log';
import { startSandbox, type Sandbox, type SandboxClient } from '../../../infra/local/sandbox/sandbox';
import type { Platform } from '../../../shared/platforms';

/** What every sandbox test starts from: the registered apps, a callback URL and a clock we move. */

export const clients: Record<Platform, SandboxClient> = {
  youtube: { clientId: '1234-sandbox.apps.googleusercontent.com', clientSecret: 'GOCSPX-youtube-secret' },
  tiktok: { clientId: 'awsandboxclientkey', clientSecret: 'tiktok-secret' },
  instagram: { clientId: '990602627938098', clientSecret: 'instagram-secret' },
  x: { clientId: 'X-sandbox-client-id', clientSecret: 'x-secret' },
  linkedin: { clientId: '86sandboxlinkedin', clientSecret: 'linkedin-secret' },
  bluesky: { clientId: 'https://app.oneclick.test/api/connections/bluesky/client-metadata.json', clientSecret: 'bluesky-secret' },
  threads: { clientId: '1017452880033715', clientSecret: 'threads-secret' },
  facebook: { clientId: '1180934522176411', clientSecret: 'facebook-secret' },
  linkedinPage: { clientId: '78sandboxlinkedinpages', clientSecret: 'linkedin-page-secret' },
  // The sandbox's own app; a Mastodon connection uses the app registered at its server (mastodonApp).
  mastodon: { clientId: 'oneclick-sandbox-mastodon', clientSecret: 'mastodon-secret' },
  googleBusiness: { clientId: '5678-sandbox.apps.googleusercontent.com', clientSecret: 'GOCSPX-business-secret' },
  pinterest: { clientId: '1509876', clientSecret: 'pinterest-secret' },
};

export const redirectUri = 'https://app.oneclick.test/connections/callback';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function testClock(start = Date.UTC(2026, 0, 15, 10, 0, 0)): TestClock {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms) };
}

export async function startTestSandbox(options: { dataDir?: string; clock?: TestClock } = {}) {
  const clock = options.clock ?? testClock();
  const log = memoryLog();
  const sandbox = await startSandbox({ port: 0, clients, log, clock, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
  return { sandbox, clock, log };
}

export function urlWith(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

export function formPost(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() };
}

export function basicAuth(client: SandboxClient): string {
  return `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
}

export function bearer(token: string): RequestInit {
  return { headers: { authorization: `Bearer ${token}` } };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Allows consent through the control API and returns the redirect's parameters. */
export async function allow(sandbox: Sandbox, platform: Platform, authorizeUrl: string, account = 'sandbox-user', displayName?: string) {
  const location = new URL(await sandbox.control.consent(platform, { authorizeUrl, account, decision: 'allow', ...(displayName ? { displayName } : {}) }));
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location.toString()}`);
  return { code, location };
}

export async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

/** The scopes a publisher's connection holds on each platform. */
export const publishingScopes: Record<Platform, string> = {
  youtube: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
  tiktok: 'user.info.basic,video.publish,video.upload',
  instagram: 'instagram_business_basic,instagram_business_content_publish',
  x: 'tweet.read tweet.write users.read media.write offline.access',
  linkedin: 'openid profile w_member_social',
  bluesky: 'atproto transition:generic',
  threads: 'threads_basic,threads_content_publish',
  facebook: 'pages_show_list,pages_manage_posts,pages_read_engagement,read_insights,pages_manage_engagement',
  linkedinPage: 'w_organization_social r_organization_social rw_organization_admin',
  mastodon: 'read write:statuses write:media profile',
  googleBusiness: 'https://www.googleapis.com/auth/business.manage',
  pinterest: 'user_accounts:read,boards:read,boards:write,pins:read,pins:write',
};

const dialogs: Record<Platform, { hostKey: string; path: string }> = {
  youtube: { hostKey: 'accounts', path: '/o/oauth2/v2/auth' },
  tiktok: { hostKey: 'www', path: '/v2/auth/authorize/' },
  instagram: { hostKey: 'www', path: '/oauth/authorize' },
  x: { hostKey: 'www', path: '/i/oauth2/authorize' },
  linkedin: { hostKey: 'www', path: '/oauth/v2/authorization' },
  bluesky: { hostKey: 'entryway', path: '/oauth/authorize' },
  threads: { hostKey: 'www', path: '/oauth/authorize' },
  facebook: { hostKey: 'www', path: '/v24.0/dialog/oauth' },
  linkedinPage: { hostKey: 'www', path: '/oauth/v2/authorization' },
  mastodon: { hostKey: 'social', path: '/oauth/authorize' },
  googleBusiness: { hostKey: 'accounts', path: '/o/oauth2/v2/auth' },
  pinterest: { hostKey: 'www', path: '/oauth/' },
};

/** An app registered at a sandbox Mastodon instance (POST /api/v1/apps), as the adapter registers OneClick. */
export async function mastodonApp(sandbox: Sandbox, instance = 'social'): Promise<SandboxClient> {
  const response = await fetch(`${sandbox.hostUrl('mastodon', instance)}/api/v1/apps`, formPost({ client_name: 'OneClick', redirect_uris: redirectUri, scopes: publishingScopes.mastodon }));
  const app = (await response.json()) as { client_id: string; client_secret: string };
  return { clientId: app.client_id, clientSecret: app.client_secret };
}

/** Connects a sandbox account the way the app does (consent, then the code exchange) and returns its access token. */
export async function accessTokenFor(sandbox: Sandbox, platform: Platform, account = 'sandbox-user', scope = publishingScopes[platform]): Promise<string> {
  const client = platform === 'mastodon' ? await mastodonApp(sandbox) : clients[platform];
  const pkce = pkcePair();
  const dialog = dialogs[platform];
  const authorizeUrl = urlWith(`${sandbox.hostUrl(platform, dialog.hostKey)}${dialog.path}`, {
    [platform === 'tiktok' ? 'client_key' : 'client_id']: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state: 'publish-state',
    ...(platform === 'x' || platform === 'mastodon' ? { code_challenge: pkce.challenge, code_challenge_method: 'S256' } : {}),
  });
  const { code } = await allow(sandbox, platform, authorizeUrl, account);
  const exchange: Record<Platform, () => Promise<Response>> = {
    youtube: () =>
      fetch(`${sandbox.hostUrl('youtube', 'oauth2')}/token`, formPost({ code, client_id: client.clientId, client_secret: client.clientSecret, redirect_uri: redirectUri, grant_type: 'authorization_code' })),
    tiktok: () =>
      fetch(`${sandbox.hostUrl('tiktok', 'open')}/v2/oauth/token/`, formPost({ client_key: client.clientId, client_secret: client.clientSecret, code, grant_type: 'authorization_code', redirect_uri: redirectUri })),
    instagram: () =>
      fetch(`${sandbox.hostUrl('instagram', 'api')}/oauth/access_token`, formPost({ client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code })),
    x: () =>
      fetch(`${sandbox.hostUrl('x', 'api')}/2/oauth2/token`, formPost({ code, grant_type: 'authorization_code', redirect_uri: redirectUri, code_verifier: pkce.verifier }, { authorization: basicAuth(client) })),
    linkedin: () =>
      fetch(`${sandbox.hostUrl('linkedin', 'www')}/oauth/v2/accessToken`, formPost({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: client.clientId, client_secret: client.clientSecret })),
    // Pushed requests and DPoP-bound tokens: connect through the adapter (bluesky.harness.ts).
    bluesky: () => Promise.reject(new Error('Bluesky tokens are DPoP-bound: use blueskyTokens() from test/unit/sandbox/bluesky.harness.ts')),
    threads: () =>
      fetch(`${sandbox.hostUrl('threads', 'graph')}/oauth/access_token`, formPost({ client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code })),
    // The user's code, its long-lived token, then the first Page's token (what a Facebook connection holds).
    facebook: async () => {
      const graph = sandbox.hostUrl('facebook', 'graph');
      const exchanged = (await (await fetch(urlWith(`${graph}/v24.0/oauth/access_token`, { client_id: client.clientId, client_secret: client.clientSecret, redirect_uri: redirectUri, code }))).json()) as { access_token: string };
      const long = (await (
        await fetch(urlWith(`${graph}/v24.0/oauth/access_token`, { grant_type: 'fb_exchange_token', client_id: client.clientId, client_secret: client.clientSecret, fb_exchange_token: exchanged.access_token }))
      ).json()) as { access_token: string };
      const pages = (await (await fetch(`${graph}/v24.0/me/accounts`, bearer(long.access_token))).json()) as { data: Array<{ access_token: string }> };
      return new Response(JSON.stringify({ access_token: pages.data[0]!.access_token }), { status: 200 });
    },
    // The member's token acts for the organizations: listing their ACLs gives the app the member's roles there.
    linkedinPage: async () => {
      const exchanged = await fetch(`${sandbox.hostUrl('linkedinPage', 'www')}/oauth/v2/accessToken`, formPost({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: client.clientId, client_secret: client.clientSecret }));
      const body = (await exchanged.json()) as { access_token: string };
      await fetch(`${sandbox.hostUrl('linkedinPage', 'api')}/rest/organizationAcls?q=roleAssignee&state=APPROVED`, { headers: { authorization: `Bearer ${body.access_token}`, 'linkedin-version': '202601', 'x-restli-protocol-version': '2.0.0' } });
      return new Response(JSON.stringify({ access_token: body.access_token }), { status: 200 });
    },
    googleBusiness: () =>
      fetch(`${sandbox.hostUrl('googleBusiness', 'oauth2')}/token`, formPost({ code, client_id: client.clientId, client_secret: client.clientSecret, redirect_uri: redirectUri, grant_type: 'authorization_code' })),
    mastodon: () =>
      fetch(
        `${sandbox.hostUrl('mastodon', 'social')}/oauth/token`,
        formPost({ grant_type: 'authorization_code', code, client_id: client.clientId, client_secret: client.clientSecret, redirect_uri: redirectUri, code_verifier: pkce.verifier }),
      ),
    pinterest: () => fetch(`${sandbox.hostUrl('pinterest', 'api')}/v5/oauth/token`, formPost({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }, { authorization: basicAuth(client) })),
  };
  const response = await exchange[platform]();
  if (response.status !== 200) throw new Error(`${platform} token exchange answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Deterministic test bytes: `size` bytes with a recognisable pattern (and a JPEG or MP4 signature when asked). */
export function testBytes(size: number, kind: 'jpeg' | 'png' | 'mp4' | 'raw' = 'raw'): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 31 + 7) % 251;
  const signature = { jpeg: [0xff, 0xd8, 0xff, 0xe0], png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], mp4: [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70], raw: [] }[kind];
  Buffer.from(signature).copy(bytes);
  return bytes;
}

/** A tiny file server on 127.0.0.1, standing in for presigned S3 URLs the platforms fetch. */
export async function startFileServer(): Promise<{ url(path: string): string; put(path: string, body: Buffer, contentType: string): void; requests: string[]; stop(): Promise<void> }> {
  const files = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    const file = files.get(path);
    if (!file) {
      response.writeHead(404).end('NoSuchKey');
      return;
    }
    response.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.body.length) }).end(file.body);
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${origin}${path}`,
    put: (path, body, contentType) => void files.set(path, { body, contentType }),
    requests,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
