import { readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client } from '../composition';
import { createHttpHandler, type ApiEvent } from '../http/httpHandler';
import { accountGateFromEnvironment } from '../http/accountGate';
import { createContentService } from '../services/content';
import { createMembershipService } from '../services/memberships';
import { createStorageQuota } from '../services/storageQuota';
import { createModuleTokens } from '../services/moduleTokens';

const tables = readTableNames(process.env, ['moduleTokens', 'content', 'memberships']);
const buckets = readBucketNames(process.env, ['content']);
const db = createDocumentClient();
const moduleTokens = createModuleTokens({ db, tableName: tables.moduleTokens, clock: systemClock });
const memberships = createMembershipService({ db, tableName: tables.memberships, clock: systemClock });
const content = createContentService({
  db,
  tableName: tables.content,
  s3: createS3Client(process.env),
  bucket: buckets.content,
  clock: systemClock,
  quota: createStorageQuota({ db, tableName: tables.memberships, clock: systemClock }),
  storageLimit: (userId) => memberships.storageLimit(userId),
});

/** The module content routes run as the module session in "Authorization: Bearer …", never as a Cognito user. */
const accountGate = accountGateFromEnvironment(process.env);
const moduleCaller = async (event: ApiEvent) => {
  const caller = await moduleTokens.authenticate(event.headers['authorization']);
  await accountGate.admit(caller.userId, 'moduleSession');
  return caller;
};

export const handler = createHttpHandler(
  'modules',
  {
    createModuleToken: ({ user, input }) => moduleTokens.create(user, input.body.module),
    generateCustomToken: ({ user, input }) => moduleTokens.createCustom(user, input.body),
    exchangeModuleToken: async ({ input }) => {
      const session = await moduleTokens.exchange(input.body.token, input.body.module);
      await accountGate.admit(session.user.userId, 'moduleSession');
      return session;
    },
    createModuleContentUpload: async ({ input, event }) => content.createUpload(await moduleCaller(event), input.body),
    registerModuleContent: async ({ input, event }) => content.register(await moduleCaller(event), input.body),
  },
  createLogger('modules'),
  accountGate,
);
