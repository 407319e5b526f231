import type { RouteId } from '../../../shared/api/routes';
import type { Post } from '../../../shared/api/posts';
import type { TestUser } from '../../support/users';
import type { RouteRequest } from '../../support/routes';

/** What the victim owns; the attacker (a valid user of the same pool) aims at it. */
export interface Victim {
  user: TestUser;
  post: Post;
  mediaKey: string;
  accountId: string;
  upload: { key: string; uploadId: string };
}

export type MatrixEntry =
  | {
      auth: 'public';
      /** Why this route takes no token, and a probe that must not disclose or change anything. */
      why: string;
      probe: RouteRequest;
    }
  | {
      auth: 'user';
      /** A well-formed request, used for the bad-token cases (the authorizer answers before the handler). */
      sample: RouteRequest;
      /**
       * The attacker's request against the victim's resources and the statuses it may get, or
       * 'own-data-only' for routes that take no resource id (they answer with the caller's data).
       */
      againstVictim: ((victim: Victim) => { request: RouteRequest; refusedWith: number[] }) | 'own-data-only';
    };

const someUlid = '01JAAAAAAAAAAAAAAAAAAAAAAA';

/**
 * One entry per route of the route table. The type makes a new route without an entry a
 * compile error, and the first test below fails too, so no route escapes the matrix.
 */
export const matrix: Record<RouteId, MatrixEntry> = {
  getMe: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  listConnections: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  startConnection: { auth: 'user', sample: { path: { platform: 'youtube' } }, againstVictim: 'own-data-only' },
  completeConnection: {
    auth: 'public',
    why: 'The platform redirects the browser here without our token; the single-use state binds it to a user.',
    probe: { path: { platform: 'youtube' }, query: { code: 'stolen-code', state: 'youtube.forged-state' } },
  },
  disconnectConnection: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' } },
    againstVictim: (victim) => ({ request: { path: { platform: 'youtube', accountId: victim.accountId } }, refusedWith: [404] }),
  },
  createPost: {
    auth: 'user',
    sample: { body: { description: 'x', media: [{ key: 'k' }], targets: [{ platform: 'youtube', accountId: 'a' }] } },
    againstVictim: (victim) => ({
      request: {
        body: { description: 'posted with your files and account', title: 'stolen', media: [{ key: victim.mediaKey }], targets: [{ platform: 'linkedin', accountId: victim.accountId }] },
      },
      refusedWith: [400, 404],
    }),
  },
  listPosts: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  getPost: {
    auth: 'user',
    sample: { path: { postId: someUlid } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId } }, refusedWith: [404] }),
  },
  retryPost: {
    auth: 'user',
    sample: { path: { postId: someUlid } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId } }, refusedWith: [404] }),
  },
  createUpload: {
    auth: 'user',
    sample: { body: { fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 } },
    againstVictim: 'own-data-only',
  },
  completeUpload: {
    auth: 'user',
    sample: { body: { key: 'k', uploadId: 'u', parts: [{ partNumber: 1, etag: 'e' }] } },
    againstVictim: (victim) => ({
      request: { body: { key: victim.upload.key, uploadId: victim.upload.uploadId, parts: [{ partNumber: 1, etag: '"0"' }] } },
      refusedWith: [404],
    }),
  },
  abortUpload: {
    auth: 'user',
    sample: { body: { key: 'k', uploadId: 'u' } },
    againstVictim: (victim) => ({ request: { body: { key: victim.upload.key, uploadId: victim.upload.uploadId } }, refusedWith: [404] }),
  },
};
