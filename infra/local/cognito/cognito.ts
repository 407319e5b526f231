import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { userPool } from '../../../shared/resources/userPool';
import { localCredentials, localRegion } from '../environment';
import { freePort } from '../ports';
import type { TwinLog } from '../log';
import { startCognitoLocal, type DeliveredCode } from './cognitoLocal';

/**
 * Offline, no e-mail is sent: each message lands in the log and in this outbox (one JSON line
 * per message), where a person or a test can read the code.
 */
export function outboxFile(cognitoDataDir: string): string {
  return join(cognitoDataDir, 'outbox.jsonl');
}

/** Every code sent to this address, oldest first. */
export function codesSentTo(cognitoDataDir: string, email: string): string[] {
  const file = outboxFile(cognitoDataDir);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DeliveredCode)
    .filter((delivery) => delivery.email.toLowerCase() === email.toLowerCase())
    .map((delivery) => delivery.code);
}

export interface LocalCognito {
  /** What browsers and SDKs call (the proxy in front of cognito-local). */
  endpoint: string;
  userPoolId: string;
  clientId: string;
  /** The `iss` claim of this pool's tokens. */
  issuer: string;
  /** Where the pool's signing keys are published. */
  jwksUrl: string;
  stop(): Promise<void>;
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * Amplify refreshes sessions with GetTokensFromRefreshToken, which cognito-local lacks; the
 * proxy turns it into the equivalent InitiateAuth REFRESH_TOKEN_AUTH call and passes every
 * other request through unchanged.
 */
export function translate(target: string | undefined, body: Buffer): { target: string | undefined; body: Buffer } {
  if (target !== `${TARGET_PREFIX}GetTokensFromRefreshToken`) return { target, body };
  const request = JSON.parse(body.toString('utf8')) as { ClientId: string; RefreshToken: string };
  return {
    target: `${TARGET_PREFIX}InitiateAuth`,
    body: Buffer.from(
      JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: request.ClientId,
        AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
      }),
    ),
  };
}

/**
 * Real Cognito answers a wrong password at sign-in with NotAuthorizedException "Incorrect
 * username or password."; cognito-local says InvalidPasswordException (which real Cognito uses
 * for policy violations). The proxy answers as Cognito does.
 */
export function faithfulAnswer(target: string | undefined, status: number, payload: Buffer): Buffer {
  const signIn = target === `${TARGET_PREFIX}InitiateAuth` || target === `${TARGET_PREFIX}AdminInitiateAuth`;
  if (!signIn || status !== 400) return payload;
  try {
    const error = JSON.parse(payload.toString('utf8')) as { __type?: string };
    if (error.__type !== 'InvalidPasswordException') return payload;
  } catch {
    return payload;
  }
  return Buffer.from(JSON.stringify({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }));
}

function startProxy(port: number, upstream: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    try {
      const original = await readBody(request);
      const rawTarget = request.headers['x-amz-target'];
      const { target, body } = translate(Array.isArray(rawTarget) ? rawTarget[0] : rawTarget, original);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || ['host', 'content-length', 'connection'].includes(name)) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      if (target) headers.set('x-amz-target', target);
      const answer = await fetch(`${upstream}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers,
        ...(request.method === "GET" || request.method === "HEAD" ? {} : { body: new Uint8Array(body) }),
      });
      const payload = faithfulAnswer(target, answer.status, Buffer.from(await answer.arrayBuffer()));
      const outHeaders: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) outHeaders[name] = value;
      });
      response.writeHead(answer.status, outHeaders).end(payload);
    } catch (error) {
      response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Finds the pool and web client by name, creating them from the shared definition if missing. */
export async function ensurePool(endpoint: string): Promise<{ userPoolId: string; clientId: string }> {
  const client = new CognitoIdentityProviderClient({ endpoint, region: localRegion, credentials: localCredentials });
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((pool) => pool.Name === userPool.name)?.Id;
    if (!userPoolId) {
      const policy = userPool.passwordPolicy;
      const created = await client.send(
        new CreateUserPoolCommand({
          PoolName: userPool.name,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          Policies: {
            PasswordPolicy: {
              MinimumLength: policy.minLength,
              RequireLowercase: policy.requireLowercase,
              RequireUppercase: policy.requireUppercase,
              RequireNumbers: policy.requireDigits,
              RequireSymbols: policy.requireSymbols,
            },
          },
        }),
      );
      userPoolId = created.UserPool!.Id!;
    }
    const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    let clientId = clients.UserPoolClients?.find((c) => c.ClientName === userPool.clientName)?.ClientId;
    if (!clientId) {
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: userPool.clientName,
          // cognito-local has no SRP, so the twin's client allows the password flow too.
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        }),
      );
      clientId = created.UserPoolClient!.ClientId!;
    }
    return { userPoolId, clientId };
  } finally {
    client.destroy();
  }
}

export async function startCognito(options: {
  port: number;
  dataDir: string;
  log: TwinLog;
}): Promise<LocalCognito> {
  const endpoint = `http://127.0.0.1:${options.port}`;
  mkdirSync(options.dataDir, { recursive: true });
  const internalPort = await freePort();
  const local = await startCognitoLocal({
    port: internalPort,
    dataDir: options.dataDir,
    issuerDomain: endpoint,
    onCode: (delivery) => {
      options.log.info('mail', `to ${delivery.email}: your confirmation code is ${delivery.code}`);
      appendFileSync(outboxFile(options.dataDir), `${JSON.stringify({ ...delivery, at: new Date().toISOString() })}\n`);
    },
  });
  const proxy = await startProxy(options.port, `http://127.0.0.1:${internalPort}`);
  const { userPoolId, clientId } = await ensurePool(endpoint);
  options.log.info('cognito', `cognito-local on ${endpoint} (pool ${userPoolId})`);
  return {
    endpoint,
    userPoolId,
    clientId,
    issuer: `${endpoint}/${userPoolId}`,
    jwksUrl: `${endpoint}/${userPoolId}/.well-known/jwks.json`,
    stop: async () => {
      await close(proxy);
      await close(local);
    },
  };
}

/**
 * Uses a Cognito endpoint that is already running (LocalStack): the pool and client are created
 * from the shared definition if missing. Its tokens carry the AWS-style issuer unless
 * ONECLICK_COGNITO_ISSUER says otherwise.
 */
export async function connectCognito(endpoint: string, issuerOverride?: string): Promise<LocalCognito> {
  const { userPoolId, clientId } = await ensurePool(endpoint);
  return {
    endpoint,
    userPoolId,
    clientId,
    issuer: issuerOverride ?? `https://cognito-idp.${localRegion}.amazonaws.com/${userPoolId}`,
    jwksUrl: `${endpoint}/${userPoolId}/.well-known/jwks.json`,
    stop: async () => undefined,
  };
}
