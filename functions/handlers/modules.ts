import { contentService } from '../composition/content';
import { accountGate, apiDependencies } from '../composition/http';
import { moduleCaller, moduleTokens } from '../composition/modules';
import { createHttpHandler } from '../http/httpHandler';

const tokens = moduleTokens();
const content = contentService();
const gate = accountGate();

export const handler = createHttpHandler(
  'modules',
  {
    createModuleToken: ({ user, input }) => tokens.create(user, input.body.module),
    generateCustomToken: ({ user, input }) => tokens.createCustom(user, input.body),
    exchangeModuleToken: async ({ input }) => {
      const session = await tokens.exchange(input.body.token, input.body.module);
      await gate.admit(session.user.userId, 'moduleSession');
      return session;
    },
    createModuleContentUpload: async ({ input, event }) => content.createUpload(await moduleCaller(event), input.body),
    registerModuleContent: async ({ input, event }) => content.register(await moduleCaller(event), input.body),
  },
  apiDependencies('modules'),
);
