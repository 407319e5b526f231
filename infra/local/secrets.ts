import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { platforms, type Platform } from '../../shared/platforms';

/** Reads a JSON file of secrets made on this machine, creating it on first use (mode 0600). */
function keptSecret<T>(file: string, make: () => T): T {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T;
  const value = make();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2), { mode: 0o600 });
  return value;
}

/** The offline token key (the stand-in for the KMS key): 32 random bytes, base64. */
export function localTokenKey(file: string): string {
  return keptSecret(file, () => ({ key: randomBytes(32).toString('base64') })).key;
}

/**
 * The sandbox's one registered app per platform, with a secret made on this machine. A file made
 * before a platform was added gets that platform's app added (and is written back).
 */
export function sandboxClients(file: string): Record<Platform, { clientId: string; clientSecret: string }> {
  const newClient = (platform: Platform) => ({ clientId: `oneclick-sandbox-${platform}`, clientSecret: randomBytes(24).toString('base64url') });
  const clients = keptSecret(file, () => Object.fromEntries(platforms.map((platform) => [platform, newClient(platform)])) as Record<Platform, { clientId: string; clientSecret: string }>);
  const missing = platforms.filter((platform) => !clients[platform]);
  if (missing.length === 0) return clients;
  for (const platform of missing) clients[platform] = newClient(platform);
  writeFileSync(file, JSON.stringify(clients, null, 2), { mode: 0o600 });
  return clients;
}

/** What the functions read for the platforms' app credentials offline. */
export function clientEnvironment(clients: Record<Platform, { clientId: string; clientSecret: string }>): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const platform of platforms) {
    environment[`${platform.toUpperCase()}_CLIENT_ID`] = clients[platform].clientId;
    environment[`${platform.toUpperCase()}_CLIENT_SECRET`] = clients[platform].clientSecret;
  }
  return environment;
}
