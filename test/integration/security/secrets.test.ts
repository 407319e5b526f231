import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { distDir } from '../../../infra/local/frontendBuild';
import { callApi, createUser } from '../../support/users';

const twin = inject('twin');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const secretPatterns: Array<[string, RegExp]> = [
  ['AWS access key id', /\b(AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['JSON web token', /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\./],
  ['client secret value', /client_?secret["']?\s*[:=]\s*["'][^"']{8,}/i],
];

describe('secrets', () => {
  it('the production front-end build contains no key, secret or token', () => {
    const findings = filesUnder(distDir).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return secretPatterns.filter(([, pattern]) => pattern.test(text)).map(([name]) => `${name} in ${file}`);
    });
    expect(findings).toEqual([]);
  });

  it('the twin\'s log never shows a token or password that passed through it', async () => {
    const user = await createUser(twin);
    await callApi(twin, '/me', user.idToken);
    await callApi(twin, '/me', `${user.idToken}tampered`);

    const log = readFileSync(twin.logFile, 'utf8');

    expect(log).toContain('GET /me 200');
    expect(log).not.toContain(user.idToken.split('.')[1]!);
    expect(log).not.toContain(user.accessToken.split('.')[1]!);
    expect(log).not.toContain(user.password);
  });
});
