import { describe, expect, it } from 'vitest';
import { createTestFeeds } from '../../../infra/local/sandbox/testFeeds';
import { createTestHooks } from '../../../infra/local/sandbox/testHooks';

const body = (text: string) => async () => Buffer.from(text);

describe("the sandbox's webhook receivers", () => {
  it('keep what each receiver got, its webhook headers and body, oldest first', async () => {
    const hooks = createTestHooks();
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1795900502', 'webhook-signature': 'v1,abc' };
    expect(await hooks.handle('POST', 'crm', body('{"type":"webhook.test"}'), headers)).toEqual({ status: 204 });
    await hooks.handle('POST', 'crm', body('{"type":"post.published"}'), { ...headers, 'webhook-id': 'msg_2' });
    await hooks.handle('POST', 'other', body('{}'), {});
    const answer = await hooks.handle('GET', 'crm', body(''), {});
    expect(JSON.parse(String(answer.body))).toEqual({
      received: [
        { webhookId: 'msg_1', timestamp: '1795900502', signature: 'v1,abc', body: '{"type":"webhook.test"}' },
        { webhookId: 'msg_2', timestamp: '1795900502', signature: 'v1,abc', body: '{"type":"post.published"}' },
      ],
    });
    expect((await hooks.handle('DELETE', 'crm', body(''), {})).status).toBe(405);
  });
});

describe("the sandbox's demo feed", () => {
  it("names the sandbox's own test image as its newest item's enclosure", async () => {
    const feeds = createTestFeeds();
    const answer = await feeds.handle('GET', 'demo.xml', body(''), { host: '127.0.0.1:4600' });
    expect(String(answer.body)).toContain('<enclosure url="http://127.0.0.1:4600/_files/photo.png" type="image/png" length="1000"/>');
  });
});
