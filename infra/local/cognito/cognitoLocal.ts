import '../quietSdk';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import AWS from 'aws-sdk';
import { DefaultConfig, type Config } from 'cognito-local/lib/server/config';
import { Router } from 'cognito-local/lib/server/Router';
import { NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
import { createServer } from 'cognito-local/lib/server/server';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import type { Server } from 'node:http';

type Route = ReturnType<ReturnType<typeof Router>>;
type CognitoService = Awaited<ReturnType<CognitoServiceFactoryImpl['create']>>;

/**
 * cognito-local has no AdminUserGlobalSignOut (account deletion signs the user out first). The
 * twin answers it as Cognito documents it: every refresh token of the user stops working (here:
 * the user's stored refresh tokens are dropped, the list cognito-local checks a refresh against),
 * and an unknown user is UserNotFoundException. Like Cognito, it does not shorten the life of ID
 * tokens already issued: the API refuses those through the deleted-accounts tombstone.
 */
export function withGlobalSignOut(router: ReturnType<typeof Router>, cognito: CognitoService): ReturnType<typeof Router> {
  const signOut: Route = async (ctx, request) => {
    const { UserPoolId, Username } = request as { UserPoolId: string; Username: string };
    const userPool = await cognito.getUserPool(ctx, UserPoolId);
    const user = await userPool.getUserByUsername(ctx, Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };
  return (target) => (target === 'AdminUserGlobalSignOut' ? signOut : router(target));
}

/** The sign-in calls that hand out tokens. */
const SIGN_IN_TARGETS = new Set(['InitiateAuth', 'AdminInitiateAuth']);

/**
 * cognito-local stores AdminDisableUser's `Enabled: false` but still signs the user in (account
 * deletion turns sign-in off first). The twin refuses as Cognito does: NotAuthorizedException
 * "User is disabled." for the right password, and for a refresh token of the user (a wrong
 * password is answered as before, so the refusal tells nothing to someone without it).
 */
export function withDisabledUsers(router: ReturnType<typeof Router>, cognito: CognitoService): ReturnType<typeof Router> {
  return (target) => {
    const route = router(target);
    if (!SIGN_IN_TARGETS.has(target)) return route;
    const guarded: Route = async (ctx, request) => {
      const { ClientId, AuthParameters = {} } = request as { ClientId?: string; AuthParameters?: Record<string, string> };
      if (!ClientId) return route(ctx, request);
      const userPool = await cognito.getUserPoolForClientId(ctx, ClientId);
      const user = AuthParameters['REFRESH_TOKEN']
        ? await userPool.getUserByRefreshToken(ctx, AuthParameters['REFRESH_TOKEN'])
        : AuthParameters['USERNAME']
          ? await userPool.getUserByUsername(ctx, AuthParameters['USERNAME'])
          : null;
      const provesIdentity = Boolean(AuthParameters['REFRESH_TOKEN']) || user?.Password === AuthParameters['PASSWORD'];
      if (user?.Enabled === false && provesIdentity) throw new NotAuthorizedError('User is disabled.');
      return route(ctx, request);
    };
    return guarded;
  };
}

/** A code cognito-local would have e-mailed: offline, the twin's log shows it instead. */
export interface DeliveredCode {
  email: string;
  code: string;
}

/**
 * cognito-local, assembled in-process as its own default server does, but with its data under
 * the twin's data folder, bound to 127.0.0.1, quiet, and with e-mails handed to `onCode`.
 */
export async function startCognitoLocal(options: {
  port: number;
  dataDir: string;
  issuerDomain: string;
  onCode: (delivery: DeliveredCode) => void;
}): Promise<Server> {
  const dataDirectory = join(options.dataDir, 'db');
  mkdirSync(dataDirectory, { recursive: true });
  const logger = pino({ level: 'error' });
  const ctx = { logger };
  const config: Config = {
    ...DefaultConfig,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: options.issuerDomain },
    ServerConfig: { port: options.port, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig),
  );
  const toLog: MessageSender = {
    sendEmail: async (_ctx, _user, destination, message) => {
      options.onCode({ email: destination, code: message.__code ?? '' });
    },
    sendSms: async (_ctx, _user, destination, message) => {
      options.onCode({ email: destination, code: message.__code ?? '' });
    },
  };
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(toLog)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = withDisabledUsers(withGlobalSignOut(Router(services), services.cognito), services.cognito);
  const server = createServer(router, logger, config.ServerConfig, services);
  return (await server.start()) as Server;
}
