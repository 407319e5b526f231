/* global process, Buffer, console */
// A receiver of OneClick's webhooks, verifying each request with the Standard Webhooks library
// (npm install standardwebhooks). Run it: WEBHOOK_SECRET=whsec_… node docs/examples/verify-webhook.mjs
// With --self-test it signs a sample itself and verifies it (no secret or OneClick needed).
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

/** Verifies one request: the raw body (never re-serialized JSON) and the webhook-* headers. */
export function verify(secret, rawBody, headers) {
  return new Webhook(secret).verify(rawBody, {
    'webhook-id': headers['webhook-id'],
    'webhook-timestamp': headers['webhook-timestamp'],
    'webhook-signature': headers['webhook-signature'],
  });
}

if (process.argv.includes('--self-test')) {
  const secret = `whsec_${Buffer.from('a test secret of 32 bytes long!!').toString('base64')}`;
  const body = JSON.stringify({ type: 'post.published', timestamp: new Date().toISOString(), data: { postId: '01JTEST' } });
  const signature = new Webhook(secret).sign('msg_example', new Date(), body);
  const headers = { 'webhook-id': 'msg_example', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': signature };
  console.log('verified:', verify(secret, body, headers).type);
} else {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) throw new Error('Set WEBHOOK_SECRET to the endpoint’s whsec_… secret.');
  const seen = new Set(); // webhook-id of what was handled: a redelivery or a retry carries the same id.
  createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const event = verify(secret, body, request.headers);
        if (!seen.has(request.headers['webhook-id'])) {
          seen.add(request.headers['webhook-id']);
          console.log(event.type, JSON.stringify(event.data));
        }
        response.writeHead(204).end();
      } catch (error) {
        console.error('refused:', error.message);
        response.writeHead(400).end();
      }
    });
  }).listen(Number(process.env.PORT ?? 8787), '127.0.0.1', () => console.log('listening on 127.0.0.1:' + (process.env.PORT ?? 8787)));
}
