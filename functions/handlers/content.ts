import { contentService } from '../composition/content';
import { apiDependencies } from '../composition/http';
import { createHttpHandler } from '../http/httpHandler';

const content = contentService();

export const handler = createHttpHandler(
  'content',
  {
    listContent: ({ user, input }) => content.list(user, input.query),
    deleteContent: async ({ user, input }) => {
      await content.remove(user, input.path.contentId);
      return undefined;
    },
  },
  apiDependencies('content'),
);
