import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import type { Post } from '../../../shared/api/posts';
import type { NotificationList } from '../../../shared/api/notifications';
import type { PostEventData, WebhookDelivery, WebhookPayload } from '../../../shared/api/webhooks';
import type { Clock } from '../../../functions/clock';
import type { OutboundFetch, OutboundRule } from '../../../functions/http/outbound';
import { buildWebhookService } from '../../../functions/composition/webhooks';
import { createPostStore } from '../../../functions/services/postStore';
import { createWorkspaceService } from '../../../functions/services/workspaces';
import { userWithAccounts } from '../../support/accounts';
import { createPost, waitForPost } from '../../support/posts';
import { callApi, documentClient, type TestUser } from '../../support/users';

const twin = inject('twin');

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1: records each request and answers the next status queued (200 when none). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: Array<{ status: number; location?: string }> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {}).end('receiver body that must never be shown');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, answers, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function steppingClock(start: number): Clock & { set(at: number): void; advance(ms: number): void } {
  let now = start;
  return { now: () => new Date(now), set: (at) => (now = at), advance: (ms) => (now += ms) };
}

function json(method: string, body?: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
}

describe('signed webhooks', () => {
  let owner: TestUser;
  let accountId: string;
  let mediaKey: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** Host names the tests' rule resolves (the resolver injected), by name. */
  const addresses = new Map<string, string[]>();

  beforeAll(async () => {
    const team = await userWithAccounts(twin, ['x']);
    owner = team.user;
    accountId = team.targets[0]!.accountId;
    mediaKey = team.key;
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.stop());

  /** The service as the job and the API function build it, against the twin's tables, with the receiver's origin let through. */
  function webhookService(clock: Clock, rule: OutboundRule = {}, fetchImpl?: OutboundFetch) {
    const db = documentClient(twin);
    return buildWebhookService({
      ...(fetchImpl ? { fetchImpl } : {}),
      db,
      tableName: twin.tableNames.memberships,
      rule: { allowedOrigins: [receiver.origin], timeoutMs: 5_000, resolve: async (host) => addresses.get(host) ?? [], ...rule },
      posts: createPostStore({ db, tableName: twin.tableNames.posts, clock }),
      workspaces: createWorkspaceService({ db, tableName: twin.tableNames.memberships, clock, mailer: { send: async () => undefined }, siteUrl: () => 'http://127.0.0.1' }),
      clock,
    });
  }
  const me = () => ({ userId: owner.userId, email: owner.email });

  async function deliveriesOf(service: ReturnType<typeof webhookService>, endpointId: string, count: number): Promise<WebhookDelivery[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { deliveries } = await service.deliveries(me(), endpointId);
      if (deliveries.length >= count || Date.now() > deadline) return deliveries;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('delivers post.published for a real publish, signed so that the standardwebhooks library verifies it, once', async () => {
    const clock = steppingClock(Date.now());
    const service = webhookService(clock);
    const { endpoint, secret } = await service.create(me(), me(), { url: `${receiver.origin}/published`, events: ['post.published'], description: 'CRM' });
    expect(secret).toMatch(/^whsec_/);

    const created = await createPost(twin, owner, { description: 'Webhooks tell the CRM', media: [{ key: mediaKey }], targets: [{ platform: 'x', accountId }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post: Post = await waitForPost(twin, owner, (created.body as unknown as Post).postId);
    expect(post.status).toBe('published');

    const [queued] = await deliveriesOf(service, endpoint.endpointId, 1);
    expect(queued).toMatchObject({ type: 'post.published', status: 'pending' });
    const before = receiver.received.length;
    // The twin queued it at its own now, after this clock's start: the job runs now.
    clock.set(Date.now());
    await service.run();
    await service.run();
    const got = receiver.received.slice(before).filter((one) => one.headers['webhook-id'] === queued!.deliveryId);
    expect(got).toHaveLength(1);
    const payload = new Webhook(secret).verify(got[0]!.body, got[0]!.headers as Record<string, string>) as WebhookPayload<PostEventData>;
    expect(payload.type).toBe('post.published');
    expect(payload.data).toMatchObject({ workspaceId: owner.userId, postId: post.postId, status: 'published', targets: [{ platform: 'x', accountId, status: 'published', error: null }] });
    expect(payload.data.targets[0]!.url).toMatch(/^https?:\/\//);

    const [delivered] = (await service.deliveries(me(), endpoint.endpointId)).deliveries;
    expect(delivered).toMatchObject({ status: 'delivered', nextAttemptAt: null, attempts: [{ attempt: 1, statusCode: 200, delivered: true, message: 'Delivered (200).' }] });
    // The moment reported again (a retried finalize) queues nothing more.
    expect(await service.emit(owner.userId, { type: 'post.published', moment: `post:${post.postId}:outcome:${(await readExecution(post.postId))}`, at: post.publishedAt!, data: payload.data })).toBe(0);
  });

  async function readExecution(postId: string): Promise<string> {
    const posts = createPostStore({ db: documentClient(twin), tableName: twin.tableNames.posts, clock: { now: () => new Date() } });
    return (await posts.get(owner.userId, postId))!.currentExecution!;
  }

  it('retries after a 500 on the schedule, driven by the clock, and delivers with the same webhook-id', async () => {
    const clock = steppingClock(Date.parse('2027-01-04T09:00:00.000Z'));
    const service = webhookService(clock);
    const { endpoint, secret } = await service.create(me(), me(), { url: `${receiver.origin}/retry`, events: ['post.failed'], description: '' });
    expect(await service.emit(owner.userId, { type: 'post.failed', moment: 'post:retry-test:outcome:e1', at: clock.now().toISOString(), data: { workspaceId: owner.userId } })).toBe(1);

    receiver.answers.push({ status: 500 });
    const before = receiver.received.length;
    await service.run();
    let [delivery] = (await service.deliveries(me(), endpoint.endpointId)).deliveries;
    expect(delivery).toMatchObject({ status: 'pending', attempts: [{ attempt: 1, statusCode: 500, delivered: false, message: 'The endpoint answered 500.' }] });
    expect(delivery!.nextAttemptAt).toBe('2027-01-04T09:00:05.000Z');
    // Not due yet: nothing sent.
    clock.advance(4_000);
    await service.run();
    expect(receiver.received.length - before).toBe(1);

    clock.advance(1_000);
    await service.run();
    [delivery] = (await service.deliveries(me(), endpoint.endpointId)).deliveries;
    expect(delivery).toMatchObject({ status: 'delivered', nextAttemptAt: null });
    expect(delivery!.attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
      [2, 200],
      [1, 500],
    ]);
    const sent = receiver.received.slice(before);
    expect(sent.map((one) => one.headers['webhook-id'])).toEqual([delivery!.deliveryId, delivery!.deliveryId]);
    expect(sent[1]!.headers['webhook-timestamp']).toBe(String(Date.parse('2027-01-04T09:00:05.000Z') / 1000));
    expect(() => new Webhook(secret).verify(sent[1]!.body, { ...(sent[1]!.headers as Record<string, string>), 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) })).toThrow();
    expect((await service.list(me())).endpoints.find((one) => one.endpointId === endpoint.endpointId)).toMatchObject({ enabled: true, failingSince: null });
  });

  it('retries with the same webhook-id when the connection drops after the receiver handled the request, when it drops before, and after a timeout', async () => {
    const clock = steppingClock(Date.parse('2027-02-01T09:00:00.000Z'));
    // The network between us and the receiver, one fault per attempt: the request reaches the
    // receiver and its answer is lost; the connection is reset before the request is sent; no
    // answer comes in time; then a working network.
    const faults = ['dropped after handling', 'dropped before handling', 'timed out'];
    const network: OutboundFetch = async (url, init) => {
      // Only this test's endpoint meets the faults (the job attempts whatever else is due too).
      const fault = url.endsWith('/faults') ? faults.shift() : undefined;
      if (fault === 'dropped before handling') throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
      if (fault === 'timed out') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      const response = await fetch(url, init);
      if (fault === 'dropped after handling') {
        await response.arrayBuffer();
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
      }
      return response;
    };
    const service = webhookService(clock, {}, network);
    const { endpoint } = await service.create(me(), me(), { url: `${receiver.origin}/faults`, events: ['post.partially_published'], description: '' });
    expect(await service.emit(owner.userId, { type: 'post.partially_published', moment: 'post:fault-test:outcome:e1', at: clock.now().toISOString(), data: { workspaceId: owner.userId } })).toBe(1);
    const before = receiver.received.length;

    const messages: string[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      await service.run();
      const [delivery] = (await service.deliveries(me(), endpoint.endpointId)).deliveries;
      messages.push(delivery!.attempts[0]!.message);
      if (attempt < 4) {
        expect(delivery).toMatchObject({ status: 'pending' });
        expect(delivery!.attempts[0]).toMatchObject({ attempt, statusCode: null, delivered: false });
        // Not due before its next attempt: nothing is sent.
        clock.set(Date.parse(delivery!.nextAttemptAt!) - 1);
        await service.run();
        clock.advance(1);
      } else {
        expect(delivery).toMatchObject({ status: 'delivered' });
        expect(delivery!.attempts[0]).toMatchObject({ attempt: 4, statusCode: 200, delivered: true });
      }
    }
    expect(messages).toEqual(['The endpoint could not be reached.', 'The endpoint could not be reached.', 'No answer within 15 seconds.', 'Delivered (200).']);
    // The receiver saw the first attempt (whose answer was lost) and the last, with one webhook-id: it can drop the second.
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(2);
    const [delivery] = (await service.deliveries(me(), endpoint.endpointId)).deliveries;
    expect(sent.map((one) => one.headers['webhook-id'])).toEqual([delivery!.deliveryId, delivery!.deliveryId]);
    expect(sent[0]!.body).toBe(sent[1]!.body);
  });

  it('disables an endpoint that failed for a day, says why, tells the owner in the app, and sends nothing more until re-enabled', async () => {
    const start = Date.parse('2027-02-01T09:00:00.000Z');
    const clock = steppingClock(start);
    const service = webhookService(clock);
    const { endpoint } = await service.create(me(), me(), { url: `${receiver.origin}/down`, events: ['post.approved'], description: '' });
    await service.emit(owner.userId, { type: 'post.approved', moment: 'post:down-test:approved:t1', at: clock.now().toISOString(), data: { workspaceId: owner.userId } });
    receiver.answers.push(...Array.from({ length: 20 }, () => ({ status: 503 })));
    const before = receiver.received.length;
    for (let round = 0; round < 12; round++) {
      await service.run();
      const [delivery] = (await service.deliveries(me(), endpoint.endpointId)).deliveries;
      if (delivery!.status !== 'pending') break;
      clock.set(Date.parse(delivery!.nextAttemptAt!));
    }
    const [delivery] = (await service.deliveries(me(), endpoint.endpointId)).deliveries;
    expect(delivery!.status).toBe('failed');
    // 8 attempts over 27 h 35 min 5 s; the one at or after 24 h of failures disables the endpoint.
    expect(receiver.received.length - before).toBe(8);
    expect(clock.now().getTime() - start).toBe((27 * 3600 + 35 * 60 + 5) * 1000);
    const disabled = (await service.list(me())).endpoints.find((one) => one.endpointId === endpoint.endpointId)!;
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'Every delivery attempt failed for 24 hours (since 2027-02-01 09:00 UTC).' });
    receiver.answers.length = 0;

    const { body } = await callApi(twin, '/notifications', owner.idToken);
    const notice = (body as unknown as NotificationList).notifications.find((one) => one.kind === 'webhook_disabled' && one.excerpt === endpoint.url);
    expect(notice).toMatchObject({ comment: disabled.disabledReason });

    // A moment now queues nothing for it; re-enabled by hand, it receives again.
    expect(await service.emit(owner.userId, { type: 'post.approved', moment: 'post:down-test:approved:t2', at: clock.now().toISOString(), data: {} })).toBe(0);
    await expect(service.sendTest(me(), endpoint.endpointId)).rejects.toThrow('This endpoint is disabled: enable it first.');
    expect(await service.update(me(), endpoint.endpointId, { enabled: true })).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect((await service.sendTest(me(), endpoint.endpointId)).status).toBe('delivered');
  });

  it('refuses private, loopback and link-local addresses (v4 and v6), http and private names when an endpoint is added, in words', async () => {
    for (const [url, words] of [
      ['https://10.0.0.7/hook', '10.0.0.7 is an IP address, not a host name.'],
      ['https://127.0.0.1/hook', '127.0.0.1 is an IP address, not a host name.'],
      ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is an IP address, not a host name.'],
      ['https://[::1]/hook', '[::1] is an IP address, not a host name.'],
      ['https://[fe80::1]/hook', '[fe80::1] is an IP address, not a host name.'],
      ['https://[fd00::7]/hook', '[fd00::7] is an IP address, not a host name.'],
      ['http://hooks.example.com/hook', 'http://hooks.example.com is not an https address.'],
    ]) {
      const { status, body } = await callApi(twin, '/webhooks', owner.idToken, json('POST', { url, events: ['post.published'] }));
      expect(status, url).toBe(400);
      expect((body as { message: string }).message).toBe(`This endpoint address cannot be used: ${words}`);
    }
    addresses.set('internal.example.com', ['93.184.216.34', '10.20.30.40']);
    addresses.set('v6.example.com', ['fe80::1']);
    const service = webhookService(steppingClock(Date.now()));
    await expect(service.create(me(), me(), { url: 'https://internal.example.com/hook', events: ['post.failed'], description: '' })).rejects.toThrow(
      'This endpoint address cannot be used: internal.example.com resolves to an address that is not public.',
    );
    await expect(service.create(me(), me(), { url: 'https://v6.example.com/hook', events: ['post.failed'], description: '' })).rejects.toThrow('resolves to an address that is not public');
  });

  it('refuses at delivery a name that resolves to a private address now, a literal IP, and a redirect (never followed)', async () => {
    const clock = steppingClock(Date.now());
    const service = webhookService(clock);
    addresses.set('rebinding.example.com', ['93.184.216.34']);
    const rebinding = (await service.create(me(), me(), { url: 'https://rebinding.example.com/hook', events: ['post.failed'], description: '' })).endpoint;
    const literal = (await service.create(me(), me(), { url: 'https://rebinding.example.com/other', events: ['post.failed'], description: '' })).endpoint;
    addresses.set('rebinding.example.com', ['169.254.169.254']);
    expect((await service.sendTest(me(), rebinding.endpointId)).attempts[0]).toMatchObject({ statusCode: null, delivered: false, message: 'rebinding.example.com resolves to an address that is not public.' });

    // A row naming a literal address (as an older rule might have let in) is refused at delivery too.
    await documentClient(twin).send(
      new UpdateCommand({ TableName: twin.tableNames.memberships, Key: { userId: owner.userId, record: `webhook#${literal.endpointId}` }, UpdateExpression: 'SET #url = :url', ExpressionAttributeNames: { '#url': 'url' }, ExpressionAttributeValues: { ':url': 'https://[::ffff:10.0.0.1]/hook' } }),
    );
    expect((await service.sendTest(me(), literal.endpointId)).attempts[0]!.message).toBe('[::ffff:a00:1] is an IP address, not a host name.');

    const redirected = (await service.create(me(), me(), { url: `${receiver.origin}/moved`, events: ['post.failed'], description: '' })).endpoint;
    receiver.answers.push({ status: 302, location: 'http://169.254.169.254/latest/meta-data' });
    const before = receiver.received.length;
    const attempt = (await service.sendTest(me(), redirected.endpointId)).attempts[0]!;
    expect(attempt).toMatchObject({ statusCode: null, delivered: false, message: `${receiver.origin} answered with a redirect, which is not followed.` });
    expect(receiver.received.length - before).toBe(1);
    expect(JSON.stringify(attempt)).not.toContain('receiver body');
  });

  it('manages endpoints through the API: only https public hosts, the secret once, rotation, the log, redelivery and deletion', async () => {
    const clock = steppingClock(Date.now());
    const service = webhookService(clock);
    const { endpoint, secret } = await service.create(me(), me(), { url: `${receiver.origin}/managed`, events: ['post.published', 'post.failed'], description: 'Zapier' });
    const listed = await callApi(twin, '/webhooks', owner.idToken);
    expect(listed.status).toBe(200);
    const shown = (listed.body as unknown as { endpoints: Array<Record<string, unknown>> }).endpoints.find((one) => one.endpointId === endpoint.endpointId)!;
    expect(shown).toMatchObject({ url: endpoint.url, description: 'Zapier', enabled: true, secretStart: `${secret.slice(0, 10)}…` });
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const tested = await service.sendTest(me(), endpoint.endpointId);
    const rotated = await callApi(twin, `/webhooks/${endpoint.endpointId}/secret`, owner.idToken, json('POST'));
    expect(rotated.status).toBe(200);
    const newSecret = (rotated.body as unknown as { secret: string }).secret;
    expect(newSecret).not.toBe(secret);
    // Redelivered after the rotation: signed with both, each secret verifies.
    const before = receiver.received.length;
    expect((await service.redeliver(me(), endpoint.endpointId, tested.deliveryId)).attempts.map((attempt) => attempt.attempt)).toEqual([2, 1]);
    const again = receiver.received[before]!;
    expect(again.headers['webhook-id']).toBe(tested.deliveryId);
    expect(new Webhook(newSecret).verify(again.body, again.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(secret).verify(again.body, again.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });

    const log = await callApi(twin, `/webhooks/${endpoint.endpointId}/deliveries`, owner.idToken);
    expect((log.body as unknown as { deliveries: WebhookDelivery[] }).deliveries[0]).toMatchObject({ deliveryId: tested.deliveryId, status: 'delivered' });
    const removed = await callApi(twin, `/webhooks/${endpoint.endpointId}`, owner.idToken, json('DELETE'));
    expect(removed.status).toBe(200);
    expect((await callApi(twin, `/webhooks/${endpoint.endpointId}/deliveries`, owner.idToken)).status).toBe(404);
  });
});
