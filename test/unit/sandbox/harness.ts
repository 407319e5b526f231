import { createHash, randomBytes } from 'node:crypto';
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
