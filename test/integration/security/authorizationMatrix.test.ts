import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routeIds, routes } from '../../../shared/api/routes';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { matrix, type Victim } from './routeMatrix';
import { callApi, createUser, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { decodePayload, signWithCognitoLocalKey, signWithForeignKey, tamper } from '../../support/tokens';
import { callRoute, pathParameters } from '../../support/routes';
import { userFootprint, withoutRequestCounter, type UserFootprint } from '../../support/userData';
import { contentKeyOf, moduleSessionFor, registerContent, sampleCartoon } from '../../support/content';

const twin = inject('twin');

async function badTokens(user: TestUser): Promise<Array<[string, string | undefined]>> {
  const claims = decodePayload(user.idToken);
  const past = Math.floor(Date.now() / 1000) - 7200;
  return [
    ['no token', undefined],
    ['an expired token', await signWithCognitoLocalKey({ ...claims, iat: past, exp: past + 3600 })],
    ['a token from another user pool', await signWithCognitoLocalKey({ ...claims, iss: `${twin.endpoints.cognito}/local_otherpool` })],
    ['a token signed by a foreign key', await signWithForeignKey(claims)],
    ['a tampered token', tamper(user.idToken, { email: 'someone-else@example.com' })],
  ];
}

async function makeVictim(): Promise<Victim> {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  await connectThroughOAuth(twin, user, 'linkedin', sandboxAccountName('victim'));
  const connections = (await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList;
  const accountId = connections.connections[0]!.platformUserId;
  const mediaKey = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
  const created = await createPost(twin, user, { description: 'the victim\'s post', media: [{ key: mediaKey }], targets: [{ platform: 'linkedin', accountId }] });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
  const scheduled = await createPost(twin, user, {
    description: 'the victim\'s scheduled post',
    media: [{ key: mediaKey }],
    targets: [{ platform: 'linkedin', accountId }],
    scheduledFor: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    timeZone: 'Europe/Istanbul',
  });
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
  const scheduledPost = scheduled.body as unknown as Post;
  const started = await callRoute(twin, 'createUpload', { body: { fileName: 'clip.mp4', contentType: 'video/mp4', size: 6 * 1024 * 1024 } }, user.idToken);
  expect(started.status, started.text).toBe(200);
  const upload = started.body as { key: string; uploadId: string };
  const item = await registerContent(twin, await moduleSessionFor(twin, user), { type: 'video', fileName: 'cartoon.mp4', contentType: 'video/mp4', body: sampleCartoon });
  return {
    user,
    post,
    scheduledPost,
    mediaKey,
    accountId,
    upload: { key: upload.key, uploadId: upload.uploadId },
    content: { contentId: item.contentId, key: contentKeyOf(item.url) },
  };
}

describe('authorization matrix, generated from the route table', () => {
  let victim: Victim;
  let attacker: TestUser;
  let attackerSession: string;
  let before: UserFootprint;

  beforeAll(async () => {
    victim = await makeVictim();
    attacker = await createUser(twin);
    await makeAdmin(twin, attacker);
    attackerSession = await moduleSessionFor(twin, attacker);
    before = await userFootprint(twin, victim.user.userId);
  }, 60_000);

  it('has an entry for every route, with the auth the route table declares', () => {
    expect(Object.keys(matrix).sort()).toEqual([...routeIds].sort());
    for (const id of routeIds) expect(matrix[id].auth, id).toBe(routes[id].auth);
  });

  describe.each(routeIds.filter((id) => routes[id].auth === 'user'))('%s', (id) => {
    it('refuses every bad token with 401 before the handler runs', async () => {
      const entry = matrix[id];
      if (entry.auth !== 'user') throw new Error('unreachable');
      for (const [name, token] of [...(await badTokens(victim.user)), ['a module session', attackerSession] as [string, string]]) {
        const response = await callRoute(twin, id, entry.sample, token);
        expect(response.status, `${routes[id].method} ${routes[id].path} with ${name}: ${response.text}`).toBe(401);
      }
    });

    it("does not let another user read or change the victim's resources", async () => {
      const entry = matrix[id];
      if (entry.auth !== 'user') throw new Error('unreachable');
      if (entry.againstVictim === 'own-data-only') {
        const response = await callRoute(twin, id, entry.sample, attacker.idToken);
        for (const secret of [victim.user.userId, victim.user.email, victim.post.postId, victim.scheduledPost.postId, victim.mediaKey, victim.accountId, victim.upload.uploadId, victim.content.contentId]) {
          expect(response.text, `${id} must not disclose the victim's data`).not.toContain(secret);
        }
        return;
      }
      const { request, refusedWith } = entry.againstVictim(victim);
      const response = await callRoute(twin, id, request, attacker.idToken);
      expect(refusedWith, `${id} answered ${response.status}: ${response.text}`).toContain(response.status);
      expect((response.body as { message?: string } | undefined)?.message, `${id} explains the refusal`).toMatch(/\w{3,}/);
      for (const secret of [victim.user.userId, victim.user.email, victim.post.description]) expect(response.text).not.toContain(secret);
    });
  });

  describe.each(routeIds.filter((id) => routes[id].auth === 'public'))('%s (public)', (id) => {
    it('answers a forged probe without disclosing or creating anything', async () => {
      const entry = matrix[id];
      if (entry.auth !== 'public') throw new Error('unreachable');
      expect(entry.why.length).toBeGreaterThan(20);
      const response = await callRoute(twin, id, entry.probe);
      expect(response.status, response.text).toBeLessThan(500);
      expect(response.text).not.toContain(victim.user.userId);
    });
  });

  const moduleSessionRoutes = routeIds.filter((id) => {
    const entry = matrix[id];
    return entry.auth === 'public' && entry.moduleSession !== undefined;
  });
  describe.each(moduleSessionRoutes)('%s (module session)', (id) => {
    it('refuses none, a Cognito token, a forged session, and the attacker\'s session against the victim', async () => {
      const entry = matrix[id];
      if (entry.auth !== 'public' || !entry.moduleSession) throw new Error('unreachable');
      for (const [name, token] of [
        ['no token', undefined],
        ["the victim's Cognito token", victim.user.idToken],
        ['a forged session', 'ms_forged-session-that-was-never-issued'],
      ] as Array<[string, string | undefined]>) {
        const response = await callRoute(twin, id, entry.probe, token);
        expect(response.status, `${id} with ${name}: ${response.text}`).toBe(401);
      }
      const { request, refusedWith } = entry.moduleSession.againstVictim(victim);
      const response = await callRoute(twin, id, request, attackerSession);
      expect(refusedWith, `${id} answered ${response.status}: ${response.text}`).toContain(response.status);
      expect(response.text).not.toContain(victim.user.email);
    });
  });

  it("leaves every row and object of the victim's exactly as it was", async () => {
    // Runs last in this file: after the whole matrix above has been thrown at the victim.
    const after = await userFootprint(twin, victim.user.userId);
    expect(withoutRequestCounter(after)).toEqual(withoutRequestCounter(before));
    // The victim's own request counter (they sent nothing since): unchanged, or gone once its
    // one-minute window ended (a slow run) — never a count or a window of the attackers' requests.
    const counterOf = (footprint: UserFootprint) => footprint.rows['deletedAccounts']?.find((row) => row['status'] === undefined);
    const counted = counterOf(after);
    if (counted) expect(counted).toEqual(counterOf(before));
    // The victim still sees their post, account and upload as before.
    expect((await callRoute(twin, 'getPost', { path: { postId: victim.post.postId } }, victim.user.idToken)).status).toBe(200);
  });

  it('fills every path parameter a route declares in its sample', () => {
    for (const id of routeIds) {
      const entry = matrix[id];
      const request = entry.auth === 'user' ? entry.sample : entry.probe;
      for (const name of pathParameters(id)) expect(request.path?.[name], `${id}.${name}`).toBeTruthy();
    }
  });
});
