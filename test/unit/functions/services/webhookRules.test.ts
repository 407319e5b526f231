import { describe, expect, it } from 'vitest';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { WEBHOOK_RETRY_DELAYS_SECONDS, webhookEventTypes, type PostEventData, type WebhookPayload } from '../../../../shared/api/webhooks';
import { attemptWords, disableReason, newWebhookSecret, nextAttemptAt, noAnswerWords, webhookHeaders } from '../../../../functions/services/webhookRules';
import { webhookMessageId, type WebhookMoment } from '../../../../functions/services/webhookQueue';
import { createWebhookEvents, postEventData } from '../../../../functions/services/webhookEvents';
import type { PostItem, TargetItem } from '../../../../functions/services/postStore';

const start = new Date('2026-11-28T12:00:00.000Z');
const secondsAfter = (at: Date | undefined, from: Date) => (at ? (at.getTime() - from.getTime()) / 1000 : undefined);

describe('signing a delivery (Standard Webhooks)', () => {
  it('makes headers the standardwebhooks library verifies, for exactly this body, id and time', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'post.published', timestamp: start.toISOString(), data: { postId: 'p1' } });
    const now = new Date();
    const headers = webhookHeaders([secret], 'msg_abc', now, body);
    expect(headers['webhook-id']).toBe('msg_abc');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    // One changed byte, another secret, or another id: refused.
    expect(() => new Webhook(secret).verify(body.replace('p1', 'p2'), headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_other' })).toThrow(WebhookVerificationError);
  });

  it('signs with the new and the previous secret after a rotation, so a receiver with either verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = '{"type":"webhook.test"}';
    const headers = webhookHeaders([current, previous], 'msg_rotated', new Date(), body);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
  });

  it('makes secrets as the spec says: whsec_ and 32 random bytes in base64, never twice the same', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('derives the webhook-id from the workspace and the moment: the same moment is the same id, without a dot', () => {
    const id = webhookMessageId('workspace-1', 'post:p1:outcome:exec-1');
    expect(id).toMatch(/^msg_[0-9a-f]{26}$/);
    expect(webhookMessageId('workspace-1', 'post:p1:outcome:exec-1')).toBe(id);
    expect(webhookMessageId('workspace-1', 'post:p1:outcome:exec-2')).not.toBe(id);
    expect(webhookMessageId('workspace-2', 'post:p1:outcome:exec-1')).not.toBe(id);
  });
});

describe('when the next attempt is', () => {
  it('follows the schedule (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) with an injected time, then stops', () => {
    let now = start;
    const offsets: number[] = [];
    for (let made = 1; ; made++) {
      const next = nextAttemptAt(now, made);
      if (!next) break;
      offsets.push(secondsAfter(next, now)!);
      now = next;
    }
    expect([0, ...offsets]).toEqual([...WEBHOOK_RETRY_DELAYS_SECONDS]);
    expect(offsets).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000]);
    // 27 h 35 min 5 s from the first attempt to the last: about a day.
    expect(secondsAfter(now, start)).toBe(27 * 3600 + 35 * 60 + 5);
    expect(nextAttemptAt(now, WEBHOOK_RETRY_DELAYS_SECONDS.length)).toBeUndefined();
  });

  it('waits as long as the endpoint asked (Retry-After) when that is longer, at most a day', () => {
    expect(secondsAfter(nextAttemptAt(start, 1, 120), start)).toBe(120);
    expect(secondsAfter(nextAttemptAt(start, 3, 60), start)).toBe(1800);
    expect(secondsAfter(nextAttemptAt(start, 1, 9 * 86_400), start)).toBe(86_400);
  });
});

describe('when an endpoint is disabled', () => {
  const since = '2026-11-28T12:00:00.000Z';
  it('stays enabled while its attempts have failed for less than 24 hours', () => {
    expect(disableReason(new Date(Date.parse(since) + 23 * 3_600_000 + 59 * 60_000), since, 500)).toBeUndefined();
  });

  it('is disabled once every attempt has failed for 24 hours, saying since when', () => {
    expect(disableReason(new Date(Date.parse(since) + 24 * 3_600_000), since, null)).toBe('Every delivery attempt failed for 24 hours (since 2026-11-28 12:00 UTC).');
  });

  it('is disabled at once when it answers 410 Gone', () => {
    expect(disableReason(start, start.toISOString(), 410)).toMatch(/410 Gone/);
  });
});

describe('an attempt in words', () => {
  it('says the status, never the body', () => {
    expect(attemptWords(204)).toBe('Delivered (204).');
    expect(attemptWords(500)).toBe('The endpoint answered 500.');
    expect(attemptWords(429)).toMatch(/429/);
  });

  it('says why no answer came', () => {
    const refused = new Error('10.0.0.7 is an IP address, not a host name.');
    expect(noAnswerWords(refused, (error) => error === refused)).toBe(refused.message);
    expect(noAnswerWords(Object.assign(new Error('t'), { name: 'TimeoutError' }), () => false)).toBe('No answer within 15 seconds.');
    expect(noAnswerWords(new TypeError('fetch failed'), () => false)).toBe('The endpoint could not be reached.');
  });
});

function target(overrides: Partial<TargetItem>): TargetItem {
  return {
    targetId: 't1',
    platform: 'x',
    accountId: 'acc-1',
    accountName: '@shop',
    connectionId: 'x#acc-1',
    status: 'published',
    progress: {},
    statusChecks: 0,
    rateLimitWaits: 0,
    ...overrides,
  } as TargetItem;
}

const post = {
  userId: 'workspace-1',
  postId: 'post-1',
  status: 'partially_published',
  description: 'Our new shop opens today',
  title: undefined,
  scheduledFor: '2026-11-28T11:00:00.000Z',
  publishedAt: '2026-11-28T11:00:04.000Z',
  targets: {
    t1: target({ postUrl: 'https://x.com/shop/status/1', platformPostId: '1' }),
    t2: target({ targetId: 't2', platform: 'linkedin', accountId: 'acc-2', accountName: 'Shop Ltd', connectionId: 'linkedin#acc-2', status: 'failed', error: 'LinkedIn refused the video: it is longer than 10 minutes.' }),
  },
} as unknown as PostItem;

describe('payloads', () => {
  it("names the workspace, the post, each account's outcome in the app's words and a link; no token or platform id of a connection", () => {
    const data = postEventData(post, 'https://app.example.com');
    expect(data).toEqual({
      workspaceId: 'workspace-1',
      postId: 'post-1',
      status: 'partially_published',
      title: null,
      excerpt: 'Our new shop opens today',
      scheduledFor: '2026-11-28T11:00:00.000Z',
      publishedAt: '2026-11-28T11:00:04.000Z',
      targets: [
        { platform: 'x', accountId: 'acc-1', accountName: '@shop', status: 'published', url: 'https://x.com/shop/status/1', error: null },
        { platform: 'linkedin', accountId: 'acc-2', accountName: 'Shop Ltd', status: 'failed', url: null, error: 'LinkedIn refused the video: it is longer than 10 minutes.' },
      ],
      link: 'https://app.example.com/dashboard/posts?workspace=workspace-1',
    } satisfies PostEventData);
    expect(JSON.stringify(data)).not.toMatch(/token|connectionId/i);
  });

  it('reports a finished post once per execution, whatever its outcome, with { type, timestamp, data }', async () => {
    const emitted: Array<{ workspaceId: string; moment: WebhookMoment }> = [];
    const events = createWebhookEvents({ queue: { emit: async (workspaceId, moment) => (emitted.push({ workspaceId, moment }), 1) }, siteUrl: () => 'https://app.example.com', now: () => start });
    await events.postFinished(post, 'exec-1');
    await events.postFinished({ ...post, status: 'failed' } as PostItem, 'exec-1');
    expect(emitted.map((one) => one.moment.type)).toEqual(['post.partially_published', 'post.failed']);
    // The same moment key: the queue writes one delivery for both (the second is the same webhook-id).
    expect(new Set(emitted.map((one) => one.moment.moment))).toEqual(new Set(['post:post-1:outcome:exec-1']));
    expect(emitted[0]!.moment.at).toBe('2026-11-28T11:00:04.000Z');
    const payload: WebhookPayload = { type: emitted[0]!.moment.type, timestamp: emitted[0]!.moment.at, data: emitted[0]!.moment.data };
    expect(Object.keys(payload)).toEqual(['type', 'timestamp', 'data']);
  });

  it('reports submissions, approvals and connections needing reconnect with who and why', async () => {
    const emitted: WebhookMoment[] = [];
    const events = createWebhookEvents({ queue: { emit: async (_workspaceId, moment) => (emitted.push(moment), 1) }, siteUrl: () => 'https://app.example.com', now: () => start });
    const submitted = { ...post, status: 'draft', approval: { state: 'pending', submittedBy: 'u2', submittedByEmail: 'ana@example.com', submittedAt: '2026-11-28T10:00:00.000Z', publishes: 'now' } } as unknown as PostItem;
    await events.postSubmitted(submitted);
    await events.postApproved({ ...submitted, approval: { ...submitted.approval!, state: 'approved', decidedByEmail: 'boss@example.com', decidedAt: '2026-11-28T10:05:00.000Z' } } as PostItem);
    await events.connectionNeedsReconnect({ userId: 'workspace-1', connectionId: 'x#acc-1', platform: 'x', platformUserId: 'acc-1', displayName: 'Shop' }, 'X said the grant was revoked.', '2026-11-28T10:10:00.000Z');
    expect(emitted.map((moment) => moment.type)).toEqual(['post.needs_approval', 'post.approved', 'connection.needs_reconnect']);
    expect(emitted[0]!.data).toMatchObject({ by: 'ana@example.com', link: 'https://app.example.com/dashboard/approvals?workspace=workspace-1' });
    expect(emitted[1]!.data).toMatchObject({ by: 'boss@example.com' });
    expect(emitted[2]!.data).toEqual({ workspaceId: 'workspace-1', platform: 'x', accountId: 'acc-1', accountName: 'Shop', reason: 'X said the grant was revoked.', link: 'https://app.example.com/dashboard/accounts?workspace=workspace-1' });
    expect(emitted.every((moment) => (webhookEventTypes as readonly string[]).includes(moment.type))).toBe(true);
  });
});
