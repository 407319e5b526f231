import { describe, expect, it } from 'vitest';
import { Conflict } from '../../../../functions/errors';
import { feedQueue } from '../../../../functions/composition/feeds';
import type { PostItem } from '../../../../functions/services/postStore';

const feed = { workspaceId: 'w1', createdBy: 'u1', createdByEmail: 'ana@example.com' };
const draft = {
  userId: 'w1',
  postId: 'p1',
  status: 'draft',
  description: 'A story\n\nhttps://example.com/story',
  title: 'A story',
  media: [{ key: 'w1/images/abcdefghijklmnopqrst.png', kind: 'image', contentType: 'image/png', size: 70 }],
  targets: { 'x#42': { platform: 'x', accountId: '42' } },
} as unknown as PostItem;

function setUp(options: { status?: string; addFails?: Error } = {}) {
  let stored: PostItem = { ...draft, status: (options.status ?? 'draft') as PostItem['status'] };
  const added: Array<{ acting: unknown; input: unknown; draftId?: string }> = [];
  const queue = feedQueue({
    posts: { get: async () => stored },
    workspaces: { access: async (person, workspaceId) => ({ workspaceId: workspaceId ?? person.userId, role: person.userId === 'u1' ? ('editor' as const) : ('viewer' as const), personal: false }) },
    queue: {
      add: async (acting, input, addOptions = {}) => {
        added.push({ acting, input, ...(addOptions.draftId ? { draftId: addOptions.draftId } : {}) });
        if (options.addFails) {
          stored = { ...stored, status: 'scheduled' };
          throw options.addFails;
        }
        return {} as never;
      },
    },
  });
  return { queue, added };
}

describe("a feed's queue mode step", () => {
  it('queues the draft as its follower, with their role now, as POST /drafts/{id}/publish with queue does', async () => {
    const { queue, added } = setUp();
    expect(await queue.add(feed, 'p1')).toBe('queued');
    expect(added).toEqual([
      {
        acting: { user: { userId: 'w1', email: 'ana@example.com' }, caller: { userId: 'u1', email: 'ana@example.com' }, workspace: { workspaceId: 'w1', role: 'editor', personal: false } },
        input: { description: draft.description, title: 'A story', targets: [{ platform: 'x', accountId: '42' }], media: [{ key: draft.media[0]!.key }], queue: {} },
        draftId: 'p1',
      },
    ]);
  });

  it('queues nothing when the draft is a post already, or became one meanwhile (another fetch queued it)', async () => {
    const already = setUp({ status: 'scheduled' });
    expect(await already.queue.add(feed, 'p1')).toBe('gone');
    expect(already.added).toEqual([]);
    const raced = setUp({ addFails: new Conflict('This post is no longer a draft.') });
    expect(await raced.queue.add(feed, 'p1')).toBe('gone');
  });
});
