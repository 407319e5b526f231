import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTwin } from '../../infra/local/twin';
import { memoryLog } from '../../infra/local/log';
import { buildFrontend, buildIsStale, distDir } from '../../infra/local/frontendBuild';
import { toTwinInfo, type TwinInfo } from '../support/twinInfo';
import { createUser, type TestUser } from '../support/users';
import { arriveAtCallback, confirmFlow, makeAdmin, sandboxAccountName, sandboxControl, startFlow } from '../support/connect';
import type { Benchmark, Figure } from './benchmarks';

/**
 * One attacker floods the public OAuth callback and `POST /uploads` (with its own valid token)
 * at 200 requests/s each, from its own loopback address (127.0.0.2), while a normal user on
 * 127.0.0.1 keeps uploading and connecting accounts. The per-caller limits
 * (functions/http/rateLimit.ts) must refuse the attacker and leave the normal user working:
 * this prints the normal user's p99 alone and under attack, their failures, and the attacker's
 * refusals. Everything stays on loopback; every loop is bounded by its duration.
 */
const SECONDS = 10;
const ATTACK_RATE = 200;
const MAX_IN_FLIGHT = 400;
const NORMAL_PAUSE_MS = 200;
const ATTACKER_ADDRESS = '127.0.0.2';

const uploadBody = JSON.stringify({ fileName: 'clip.mp4', contentType: 'video/mp4', size: 5_000_000 });

interface Sample {
  ms: number;
  ok: boolean;
}

function p99(samples: Sample[]): number {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!) : 0;
}

async function timed<T>(action: () => Promise<T>, ok: (result: T) => boolean): Promise<Sample> {
  const started = performance.now();
  try {
    const result = await action();
    return { ms: performance.now() - started, ok: ok(result) };
  } catch {
    return { ms: performance.now() - started, ok: false };
  }
}

/** The normal user for `seconds`: an upload session, then every few rounds a whole account connection. */
async function normalUser(twin: TwinInfo, user: TestUser, seconds: number) {
  const uploads: Sample[] = [];
  const callbacks: Sample[] = [];
  const deadline = Date.now() + seconds * 1000;
  for (let round = 0; Date.now() < deadline; round++) {
    let session: { uploadId: string; key: string } | undefined;
    uploads.push(
      await timed(
        async () => {
          const response = await fetch(`${twin.apiUrl}/uploads`, { method: 'POST', headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' }, body: uploadBody });
          if (response.status === 200) session = (await response.json()) as { uploadId: string; key: string };
          return response;
        },
        (response) => response.status === 200,
      ),
    );
    // A person finishes or cancels what they start: the session is aborted (untimed), so the
    // user stays under the cap on uploads in progress (MAX_UPLOADS_IN_PROGRESS) as a real one does.
    if (session) await fetch(`${twin.apiUrl}/uploads/abort`, { method: 'POST', headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ uploadId: session.uploadId, key: session.key }) });
    if (round % 3 === 0) {
      const flow = await startFlow(twin, user, 'linkedin');
      const account = sandboxAccountName('normal');
      const callbackUrl = await sandboxControl(twin).consent('linkedin', { authorizeUrl: flow.authorizationUrl, account, displayName: account, decision: 'allow' });
      let state: string | null = null;
      callbacks.push(await timed(() => arriveAtCallback(callbackUrl, flow.cookie), (location) => (state = location.searchParams.get('state')) !== null));
      if (state) await confirmFlow(twin, user, 'linkedin', state, flow.cookie);
    }
    await new Promise((resolve) => setTimeout(resolve, NORMAL_PAUSE_MS));
  }
  return { uploads, callbacks };
}

/**
 * The attacker runs in its own process (test/bench/abuseFlood.ts), as it would on another
 * machine: its own request loop does not compete with the twin's event loop for this process.
 */
function flood(url: URL, init: { method: string; headers: Record<string, string>; body?: string }, rate: number, seconds: number) {
  return new Promise<{ sent: number; refused: number; statuses: Record<string, number> }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'abuseFlood.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ABUSE_FLOOD: JSON.stringify({ url: url.href, init, rate, seconds, address: ATTACKER_ADDRESS, maxInFlight: MAX_IN_FLIGHT }) },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`the attacker process exited with ${code}`))));
  });
}

export const abuseBenchmark: Benchmark = {
  name: 'abuse: one attacker vs a normal user (offline twin)',
  async run() {
    if (buildIsStale()) await buildFrontend();
    const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-bench-abuse-'));
    const twinProcess = await startTwin({ dataDir, log: memoryLog(), distDir, inMemoryDynamoDb: true });
    const twin = toTwinInfo(twinProcess);
    try {
      const normal = await createUser(twin);
      await makeAdmin(twin, normal);
      const attacker = await createUser(twin);

      const alone = await normalUser(twin, normal, SECONDS);
      // Wait for a fresh limit window so the attack starts from a clean count.
      await new Promise((resolve) => setTimeout(resolve, 10_000 - (Date.now() % 10_000)));
      const [underAttack, callbackFlood, uploadFlood] = await Promise.all([
        normalUser(twin, normal, SECONDS),
        flood(new URL(`${twin.apiUrl}/connections/youtube/callback?code=flood&state=youtube_flood`), { method: 'GET', headers: {} }, ATTACK_RATE, SECONDS),
        flood(
          new URL(`${twin.apiUrl}/uploads`),
          { method: 'POST', headers: { authorization: `Bearer ${attacker.idToken}`, 'content-type': 'application/json' }, body: uploadBody },
          ATTACK_RATE,
          SECONDS,
        ),
      ]);
      const failures = (samples: Sample[]) => samples.filter((sample) => !sample.ok).length;
      const figures: Figure[] = [
        { name: 'normal user POST /uploads p99, alone', value: p99(alone.uploads), unit: `ms (${alone.uploads.length} requests)` },
        { name: 'normal user POST /uploads p99, under attack', value: p99(underAttack.uploads), unit: `ms (${underAttack.uploads.length} requests)` },
        { name: 'normal user OAuth callback p99, alone', value: p99(alone.callbacks), unit: `ms (${alone.callbacks.length} requests)` },
        { name: 'normal user OAuth callback p99, under attack', value: p99(underAttack.callbacks), unit: `ms (${underAttack.callbacks.length} requests)` },
        { name: 'normal user failed requests, alone / under attack', value: failures([...underAttack.uploads, ...underAttack.callbacks]), unit: `failed under attack (alone: ${failures([...alone.uploads, ...alone.callbacks])})` },
        { name: 'attacker OAuth callback: refused (429)', value: callbackFlood.refused, unit: `of ${callbackFlood.sent} sent at ${ATTACK_RATE}/s` },
        { name: 'attacker POST /uploads: refused (429)', value: uploadFlood.refused, unit: `of ${uploadFlood.sent} sent at ${ATTACK_RATE}/s` },
      ];
      return figures;
    } finally {
      await new Promise((resolveDrain) => setTimeout(resolveDrain, 1000));
      await twinProcess.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
