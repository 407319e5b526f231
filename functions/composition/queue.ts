import { createConnectionStore, tokensUnavailable } from '../services/connectionStore';
import { createQueueService, type QueueService } from '../services/queue';
import { analyticsReports } from './analytics';
import { approvals, postService } from './posts';
import { postStore } from './postStore';
import { workspaces } from './workspaces';
import { clock, documentClient, tableName } from './shared';

let service: QueueService | undefined;
/**
 * The posting queue: its slots beside the workspace's rows (memberships table), queued posts
 * created as POST /posts creates them (approvals) and moved through the posts service; the
 * proposal reads the account's best times (metrics table).
 */
export function queueService(): QueueService {
  if (service) return service;
  const db = documentClient();
  const approval = approvals();
  service = createQueueService({
    db,
    membershipsTable: tableName('memberships'),
    posts: postStore(),
    postService: postService(),
    createPost: (acting, input, options) => approval.create(acting, input, options),
    connections: createConnectionStore({ db, tableName: tableName('connections'), cipher: tokensUnavailable, clock }),
    bestTimes: (workspaceId, account, timeZone) => analyticsReports().bestTimes({ userId: workspaceId, email: '' }, { account, timeZone }),
    workspaceZone: async (acting) => (await workspaces().get(acting.workspace, acting.caller)).timeZone,
    clock,
  });
  return service;
}
