/** The workspace's activity log page. */
export const activityEn = {
  title: 'Activity',
  intro: 'Who did what and when in this workspace, newest first.',
  kind: 'What',
  allKinds: 'Everything',
  member: 'Who',
  allMembers: 'Everyone',
  empty: 'Nothing has happened here yet.',
  emptyFiltered: 'Nothing matches these filters.',
  more: 'Show older',
  loadingMore: 'Loading…',
  system: 'OneClick',
  client: '{{name}} (client, review link)',
  kinds: {
    connection: {
      connected: 'connected an account',
      disconnected: 'disconnected an account',
    },
    post: {
      created: 'created a post',
      edited: 'edited a post',
      rescheduled: 'rescheduled a post',
      cancelled: 'cancelled a scheduled post',
      deleted: 'deleted a post',
      retried: 'retried a post',
      submitted: 'submitted a post for approval',
      approved: 'approved a post',
      rejected: 'rejected a post',
      changesRequested: 'asked for changes to a post',
      commented: 'commented on a post',
      published: 'published a post',
      failed: 'could not publish a post',
    },
    draft: {
      saved: 'saved a draft',
    },
    member: {
      invited: 'invited a member',
      invitationRevoked: 'withdrew an invitation',
      joined: 'joined the workspace',
      roleChanged: 'changed a member’s role',
      removed: 'removed a member',
      left: 'left the workspace',
    },
    workspace: {
      ownershipTransferred: 'transferred ownership',
      updated: 'changed the workspace’s settings',
    },
    reviewLink: {
      created: 'made a review link',
      revoked: 'revoked a review link',
    },
    apiKey: {
      created: 'made an API key',
      revoked: 'revoked an API key',
    },
    review: {
      approved: 'approved a post',
      commented: 'commented on a post',
    },
  },
  details: {
    platform: 'on {{platform}}',
    email: '{{email}}',
    role: 'as {{role}}',
  },
};
