import { empty, json, type SandboxResponse } from './http';

/**
 * Webhook receivers for trying signed webhooks offline (docs/webhooks.md): an endpoint at
 * `<sandbox>/_hooks/<name>` is let through by ONECLICK_OUTBOUND_ALLOWED_ORIGINS like the test feeds.
 *
 *   POST /_hooks/<name>   records the request (its webhook-* headers and body) → 204
 *   GET  /_hooks/<name>   {received: [{webhookId, timestamp, signature, body}]}, oldest first → 200
 *
 * The twin's memory only; the last 50 a receiver got.
 */
const KEPT = 50;

interface ReceivedHook {
  webhookId: string | null;
  timestamp: string | null;
  signature: string | null;
  body: string;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
};

export function createTestHooks() {
  const receivers = new Map<string, ReceivedHook[]>();
  return {
    async handle(method: string, name: string, body: () => Promise<Buffer>, headers: Record<string, string | string[] | undefined>): Promise<SandboxResponse> {
      if (method === 'POST') {
        const received = receivers.get(name) ?? [];
        received.push({ webhookId: header(headers, 'webhook-id'), timestamp: header(headers, 'webhook-timestamp'), signature: header(headers, 'webhook-signature'), body: (await body()).toString('utf8') });
        receivers.set(name, received.slice(-KEPT));
        return empty(204);
      }
      if (method === 'GET') return json(200, { received: receivers.get(name) ?? [] });
      return json(405, { error: 'method_not_allowed' });
    },
  };
}
