/**
 * The MCP server (issue 30; docs/mcp.md): an AI assistant's door to the public API. Each tool is one
 * route of shared/api/publicApi.ts, called through the same dispatch as `/v1` (the key's scope,
 * its limit, its maker's current role, its accounts, idempotency); the tool needs the scope its
 * route needs. Its arguments are the route's path, query and body fields side by side.
 */
export const mcpTools = {
  list_accounts: {
    route: 'listConnections',
    title: 'List accounts',
    description:
      "The workspace's connected social accounts: each one's platform, accountId (what a post's targets name), name, health (connected or needs a reconnect) and the platform's limits, with the plan's account quota.",
  },
  upload_from_url: {
    route: 'uploadFromUrl',
    title: 'Upload a file from a URL',
    description:
      "Fetches an image or video from a public https address into the workspace's media (at most 50 MiB within 10 seconds; an image at most 20 MiB). Answers the media key a post's or draft's media[].key takes.",
  },
  create_draft: {
    route: 'createDraft',
    title: 'Create a draft',
    description: 'Saves a draft (text, title, accounts, uploaded files; any may be missing). Publishes nothing and uses none of the month\'s posts.',
  },
  update_draft: {
    route: 'updateDraft',
    title: 'Update a draft',
    description: "Replaces a draft's text, title, accounts and files while it is still a draft (postId names it).",
  },
  delete_draft: {
    route: 'deletePost',
    title: 'Delete a draft',
    description: 'Removes a draft (postId names it) from OneClick; with deleteMedia=true also its files no other post uses.',
  },
  create_post: {
    route: 'createPost',
    title: 'Create a post',
    description:
      'Creates a post for connected accounts (targets: platform and accountId from list_accounts) with media keys from upload_from_url: published now, at scheduledFor (ISO time, with timeZone), or with queue=true at the accounts\' next free queue slots. A contributor\'s post waits for approval.',
  },
  update_post: {
    route: 'editPost',
    title: 'Update a scheduled post',
    description: "Changes a scheduled post's description, each network's own text, title and targets (postId names it); its time and media stay.",
  },
  reschedule_post: {
    route: 'reschedulePost',
    title: 'Reschedule a post',
    description: 'Moves a scheduled post (postId) to a new future time (scheduledFor, ISO, with timeZone).',
  },
  cancel_post: {
    route: 'cancelPost',
    title: 'Cancel a scheduled post',
    description: 'Cancels a scheduled post (postId): nothing is published. A cancelled post can then be deleted with delete_post.',
  },
  delete_post: {
    route: 'deletePost',
    title: 'Delete a post',
    description: 'Removes a published, failed or cancelled post (postId) from OneClick\'s history — not from the networks; with deleteMedia=true also its files no other post uses.',
  },
  publish_draft: {
    route: 'publishDraft',
    title: 'Publish a draft',
    description: 'Publishes a draft (postId) now, at scheduledFor, or with queue=true at the next free slots, with the final text, media and targets, checked like create_post.',
  },
  get_post: {
    route: 'getPost',
    title: 'Get a post',
    description: "One post (postId) with its status and each target's status, link on the network and error in words.",
  },
  get_post_metrics: {
    route: 'getPostMetrics',
    title: 'Get a post\'s numbers',
    description: "Each published target's latest numbers (views, likes, comments, shares, saves as the network reports them) and when they were read.",
  },
  list_posts: {
    route: 'listPosts',
    title: 'List posts',
    description: 'A page of one list: status scheduled (soonest first), publishing, published or draft (newest first), optionally one platform; pass nextCursor back as cursor for the next page.',
  },
  list_content: {
    route: 'listContent',
    title: 'List My Content',
    description: 'A page of the workspace\'s generated videos and podcasts (My Content), newest first, with play, download and share links.',
  },
} as const;

export type McpToolName = keyof typeof mcpTools;
export const mcpToolNames = Object.keys(mcpTools) as McpToolName[];

