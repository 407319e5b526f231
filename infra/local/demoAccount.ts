import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { passwordProblems } from '../../shared/resources/userPool';
import { localCredentials, localRegion } from './environment';
import type { LocalCognito } from './cognito/cognito';

export interface DemoAccount {
  email: string;
  password: string;
}

const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password that meets the pool's policy (made on this machine, never committed). */
export function generatePassword(): string {
  for (;;) {
    const body = Array.from({ length: 14 }, () => alphabet[randomInt(alphabet.length)]).join('');
    const password = `${body}-${randomInt(10)}`;
    if (passwordProblems(password).length === 0) return password;
  }
}

/** Signs up and confirms a user in the local pool, as a person would with the emailed code. */
export async function createConfirmedUser(cognito: LocalCognito, account: DemoAccount): Promise<void> {
  const client = new CognitoIdentityProviderClient({ endpoint: cognito.endpoint, region: localRegion, credentials: localCredentials });
  try {
    await client.send(
      new SignUpCommand({
        ClientId: cognito.clientId,
        Username: account.email,
        Password: account.password,
        UserAttributes: [{ Name: 'email', Value: account.email }],
      }),
    );
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: account.email }));
  } finally {
    client.destroy();
  }
}

async function userExists(cognito: LocalCognito, email: string): Promise<boolean> {
  const client = new CognitoIdentityProviderClient({ endpoint: cognito.endpoint, region: localRegion, credentials: localCredentials });
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    return true;
  } catch (error) {
    if (error instanceof UserNotFoundException) return false;
    throw error;
  } finally {
    client.destroy();
  }
}

/**
 * The demo account made on first start: its password is generated on this machine and kept in
 * the data folder, so it stays the same across restarts.
 */
export async function ensureDemoAccount(cognito: LocalCognito, file: string): Promise<{ account: DemoAccount; created: boolean }> {
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoAccount) : undefined;
  const account = saved ?? { email: 'demo@oneclick.local', password: generatePassword() };
  if (saved && (await userExists(cognito, account.email))) return { account, created: false };
  await createConfirmedUser(cognito, account);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(account, null, 2), { mode: 0o600 });
  return { account, created: true };
}
