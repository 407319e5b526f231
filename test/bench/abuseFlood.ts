/**
 * The attacker of `npm run bench -- abuse`, in its own process: sends `rate` requests a second
 * for `seconds` from its own loopback address (at most `maxInFlight` at once) and prints how
 * they were answered as JSON. Bounded by its request count; loopback only.
 */
import { request as httpRequest, Agent } from 'node:http';

interface FloodOrder {
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string };
  rate: number;
  seconds: number;
  address: string;
  maxInFlight: number;
}

const order = JSON.parse(process.env['ABUSE_FLOOD'] ?? '{}') as FloodOrder;
const url = new URL(order.url);
if (!['127.0.0.1', 'localhost'].includes(url.hostname) || !order.address.startsWith('127.')) throw new Error('the flood stays on loopback');

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const statuses: Record<string, number> = {};
let inFlight = 0;
let skipped = 0;
const pending: Array<Promise<void>> = [];
const started = performance.now();
const total = order.rate * order.seconds;
for (let index = 0; index < total; index++) {
  const wait = started + (index * 1000) / order.rate - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  if (inFlight >= order.maxInFlight) {
    skipped++;
    continue;
  }
  inFlight++;
  pending.push(
    new Promise<void>((resolve) => {
      const done = (status: number) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        inFlight--;
        resolve();
      };
      const outgoing = httpRequest(url, { method: order.init.method, headers: order.init.headers, agent, localAddress: order.address }, (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0));
      });
      outgoing.on('error', () => done(0));
      outgoing.end(order.init.body);
    }),
  );
}
await Promise.all(pending);
agent.destroy();
process.stdout.write(JSON.stringify({ sent: total - skipped, refused: statuses[429] ?? 0, statuses }));
