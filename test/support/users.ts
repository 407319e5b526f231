import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localCredentials, localRegion } from '../../infra/local/environment';
import { generatePassword } from '../../infra/local/demoAccount';
import type { TwinInfo } from './twinInfo';

export interface TestUser {
  email: string;
  password: string;
  userId: string;
  idToken: string;
  accessToken: string;
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.com`;
}

function cognitoClient(twin: TwinInfo) {
  return new CognitoIdentityProviderClient({ endpoint: twin.endpoints.cognito, region: localRegion, credentials: localCredentials });
}

export async function signIn(twin: TwinInfo, email: string, password: string) {
  const client = cognitoClient(twin);
  try {
    const result = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: twin.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return result.AuthenticationResult!;
  } finally {
    client.destroy();
  }
}

/** A confirmed user with fresh tokens, as after sign-up, the e-mailed code and sign-in. */
export async function createUser(twin: TwinInfo, email = uniqueEmail()): Promise<TestUser> {
  const password = generatePassword();
  const client = cognitoClient(twin);
  let userId: string;
  try {
    const signUp = await client.send(
      new SignUpCommand({ ClientId: twin.clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
    );
    userId = signUp.UserSub!;
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: twin.userPoolId, Username: email }));
  } finally {
    client.destroy();
  }
  const tokens = await signIn(twin, email, password);
  return { email, password, userId, idToken: tokens.IdToken!, accessToken: tokens.AccessToken! };
}

export function documentClient(twin: TwinInfo): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: twin.endpoints.dynamodb, region: localRegion, credentials: localCredentials }),
  );
}

export async function callApi(twin: TwinInfo, path: string, token?: string, init: RequestInit = {}) {
  const response = await fetch(`${twin.apiUrl}${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}
