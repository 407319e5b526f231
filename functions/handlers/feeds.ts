import { apiDependencies } from '../composition/http';
import { feedService } from '../composition/feeds';
import { createHttpHandler } from '../http/httpHandler';

const feeds = feedService();

export const handler = createHttpHandler(
  'feeds',
  {
    // `user` is the workspace's partition; `caller` the person (the drafts' author).
    listFeeds: async ({ user }) => ({ feeds: await feeds.list(user) }),
    addFeed: ({ user, caller, input }) => feeds.add(user, caller!, input.body),
    updateFeed: ({ user, input }) => feeds.update(user, input.path.feedId, input.body),
    removeFeed: ({ user, input }) => feeds.remove(user, input.path.feedId),
    fetchFeed: ({ user, input }) => feeds.fetchNow(user, input.path.feedId),
  },
  apiDependencies('feeds'),
);
