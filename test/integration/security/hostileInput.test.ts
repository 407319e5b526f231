import fc from 'fast-check';
import { z } from 'zod';
import { beforeAll, describe, expect, inject, it, type ExpectStatic } from 'vitest';
import { routeIds, routes, type RouteDefinition, type RouteId } from '../../../shared/api/routes';
import { createUser, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName } from '../../support/connect';
import { tinyJpeg, uploadMedia } from '../../support/posts';
import { callRoute, pathParameters, type RouteRequest, type RouteResponse } from '../../support/routes';
import { userFootprint, withoutRequestCounter, type UserFootprint } from '../../support/userData';
import { matrix } from './routeMatrix';

/**
 * Property-based fuzzing of every route in the route table: malformed, oversized, wrong-typed
 * and unicode-heavy path parameters, query strings and bodies, sent with a valid token. The
 * API must never answer 5xx, every refusal must explain itself in words, and a refused request
 * must leave the user's data exactly as it was.
 *
 * The seed is fixed so CI is deterministic; `npm run fuzz` runs many more cases
 * (FUZZ_RUNS, FUZZ_SEED).
 */
const twin = inject('twin');
const routeOf = (id: RouteId): RouteDefinition => routes[id];
const runs = Number(process.env['FUZZ_RUNS'] ?? 12);
const seed = Number(process.env['FUZZ_SEED'] ?? 20261122);

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '{"$gt":""}',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  'ｆｕｌｌｗｉｄｔｈ',
  'z̷̢̛̛a̸͚͠l̶̡̛g̵̨̛o̷̢̧',
  '🙂'.repeat(2000),
  '\u202Eevil',
  'a'.repeat(70_000),
  // twitter-text's slow case: its parse grows with the square of a dotted text's length (issue 26, item 3).
  'ab.'.repeat(3333),
  'youtube',
  'published',
  '01JAAAAAAAAAAAAAAAAAAAAAAA',
];

const hostileString = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ minLength: 200, maxLength: 5000 }),
);

/** 50 long dotted posts, different from each other: a thread past every bound, each post a slow count. */
const manyDottedParts = Array.from({ length: 50 }, (_, index) => `${index % 10}${'ab.'.repeat(3333)}`);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  hostileString,
  fc.constant(manyDottedParts),
  fc.constant({ x: manyDottedParts, bluesky: manyDottedParts }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
  fc.anything({ maxDepth: 3 }),
);

/** Keys an object schema knows, so mutations hit the fields the handler reads. */
function knownKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function sampleOf(id: RouteId): RouteRequest {
  const entry = matrix[id] as (typeof matrix)[RouteId] | undefined;
  if (!entry) throw new Error(`${id} has no entry in routeMatrix.ts: add one (it gives the sample request to mutate).`);
  return entry.auth === 'user' ? entry.sample : entry.probe;
}

function bodyArbitrary(id: RouteId): fc.Arbitrary<Pick<RouteRequest, 'body' | 'rawBody'>> {
  const sample = sampleOf(id).body;
  const keys = [...new Set([...knownKeys(routeOf(id).input.body), ...Object.keys((sample as Record<string, unknown>) ?? {})])];
  const mutated = fc
    .tuple(fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['x'])), hostileValue, { maxKeys: keys.length || 1 }), fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }))
    .map(([changes, extra]) => ({ body: { ...((sample as object) ?? {}), ...extra, ...changes } }));
  return fc.oneof(
    mutated,
    hostileValue.map((body) => ({ body })),
    fc.constantFrom('{', '{"description":', 'nul', '[1,2', '\u0000', '"', '{"a":1}}').map((rawBody) => ({ rawBody })),
  );
}

function requestArbitrary(id: RouteId): fc.Arbitrary<RouteRequest> {
  const sample = sampleOf(id);
  const names = pathParameters(id);
  const path = fc.record(Object.fromEntries(names.map((name) => [name, fc.oneof(fc.constant(sample.path?.[name] ?? 'x'), hostileString.filter((value) => value.length > 0))])));
  const queryKeys = [...knownKeys(routeOf(id).input.query), 'unexpected'];
  const query = fc.option(fc.dictionary(fc.constantFrom(...queryKeys), hostileString, { maxKeys: queryKeys.length }), { nil: undefined });
  const body = routes[id].method === 'GET' || routes[id].method === 'DELETE' ? fc.constant({}) : bodyArbitrary(id);
  return fc.tuple(path, query, body).map(([pathValues, queryValues, bodyParts]) => ({
    ...(names.length ? { path: pathValues as Record<string, string> } : {}),
    ...(queryValues ? { query: queryValues } : {}),
    ...bodyParts,
  }));
}

/** A refusal a person can read: a sentence, not a stack trace or a serialized object. */
function readableProblem(id: RouteId, response: RouteResponse): string | undefined {
  if (routeOf(id).redirect && response.status === 302) return undefined;
  const message = (response.body as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string') return `no message in ${response.text.slice(0, 200)}`;
  if (!/[A-Za-z]{3}/.test(message)) return `unreadable message "${message}"`;
  if (/\bat \S+ \(|TypeError|ReferenceError|\[object Object\]|\bundefined\b/.test(message)) return `internal detail in "${message}"`;
  return undefined;
}

function describeRequest(request: RouteRequest): string {
  return JSON.stringify(request, (_key, value: unknown) => (typeof value === 'string' && value.length > 120 ? `${value.slice(0, 120)}…(${value.length})` : value));
}

/**
 * One fuzzing user: its own data, its own per-user request allowance and a baseline of what it
 * has stored. The routes are fuzzed by a few such users side by side (each route by one user at
 * a time), so a refused request is still compared with exactly what its user had before it.
 */
interface Fuzzer {
  user: TestUser;
  baseline: UserFootprint;
}

/** How many users fuzz side by side: the requests mostly wait on the twin, not on this worker. */
const FUZZERS = 4;

async function newFuzzer(): Promise<Fuzzer> {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  // Real resources so that mutated requests get past the first checks.
  await connectThroughOAuth(twin, user, 'linkedin', sandboxAccountName('fuzz'));
  await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
  return { user, baseline: withoutRequestCounter(await userFootprint(twin, user.userId, { partitioned: true })) };
}

describe('hostile input against every route', () => {
  const idle: Fuzzer[] = [];
  const waiting: Array<(fuzzer: Fuzzer) => void> = [];

  beforeAll(async () => {
    idle.push(...(await Promise.all(Array.from({ length: FUZZERS }, newFuzzer))));
  }, 120_000);

  /** A free fuzzing user, waited for when all are busy; given back by `release`. */
  function acquire(): Promise<Fuzzer> {
    const free = idle.pop();
    return free ? Promise.resolve(free) : new Promise((resolveFuzzer) => waiting.push(resolveFuzzer));
  }
  function release(fuzzer: Fuzzer): void {
    const next = waiting.shift();
    if (next) next(fuzzer);
    else idle.push(fuzzer);
  }

  /**
   * Until the user's data export is known to be no longer preparing (at most 30 s). Only a 200
   * answers that: a 429 from our own per-user limit (this test sends many requests) says nothing
   * about the export, so it waits and asks again rather than comparing while the export writes.
   */
  async function exportSettled(user: TestUser): Promise<void> {
    let last = '';
    for (let waited = 0; waited < 30_000; waited += 250) {
      const state = await callRoute(twin, 'getDataExport', {}, user.idToken);
      if (state.status === 200 && (state.body as { status?: string } | undefined)?.status !== 'preparing') return;
      last = `${state.status} ${state.text.slice(0, 200)}`;
      await new Promise((resolveWait) => setTimeout(resolveWait, 250));
    }
    throw new Error(`The data export was still being prepared after 30 s (last answer: ${last}).`);
  }

  // The time guards against the quadratic count coming back (49 s before issue 26's fix on an
  // idle machine, longer on a loaded one; about 0.3 s idle, docs/security.md): a bound far above a
  // loaded machine's answer (1.8 s at load 10; 10.4 s once, when this file ran first beside the
  // heaviest e2e files in CI) and far below the regression, so it fails only for the regression.
  // It runs before the fuzzing, which would otherwise share the twin with it.
  it("answers the issue's hostile post (50 dotted thread posts of 10,000 characters, the same description and first comment) in seconds, not the quadratic count's 49", async () => {
    // A user of its own: the fuzzing spends its users' per-user request allowance.
    const sender = await createUser(twin);
    const post = { description: manyDottedParts[0], firstComment: manyDottedParts[1], threads: { x: manyDottedParts }, targets: [{ platform: 'x', accountId: 'x-account' }], media: [{ key: `uploads/${sender.userId}/a.jpg` }] };

    const started = performance.now();
    const response = await callRoute(twin, 'createPost', { body: post }, sender.idToken);
    const elapsed = performance.now() - started;

    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(response.text).toContain('A thread on X can have at most 25 posts (this one has 50).');
    expect(elapsed).toBeLessThan(20_000);
  });

  describe('every route', { concurrent: true }, () => {
    it.for(routeIds)('%s: no 5xx, every refusal in words, nothing written by a refused request', { timeout: 180_000 }, async (id, { expect }) => {
      const fuzzer = await acquire();
      try {
        await fuzzRoute(id, fuzzer, expect);
      } finally {
        release(fuzzer);
      }
    });
  });

  async function fuzzRoute(id: RouteId, fuzzer: Fuzzer, expect: ExpectStatic): Promise<void> {
    const { user } = fuzzer;
    const details = await fc.check(
      fc.asyncProperty(requestArbitrary(id), async (request) => {
        const response = await callRoute(twin, id, request, routes[id].auth === 'user' ? user.idToken : undefined);
        const context = `${routes[id].method} ${routes[id].path} ${describeRequest(request)} → ${response.status} ${response.text.slice(0, 300)}`;
        expect(response.status, context).toBeLessThan(500);
        // An accepted export keeps writing in the background: let it finish before comparing, or a
        // later refused request would seem to have written what the export wrote.
        if (id === 'startDataExport' && response.status < 400) await exportSettled(user);
        const after = withoutRequestCounter(await userFootprint(twin, user.userId, { partitioned: true }));
        if (response.status >= 400) {
          expect(readableProblem(id, response), context).toBeUndefined();
          expect(after, `a refused request changed stored data: ${context}`).toEqual(fuzzer.baseline);
        }
        fuzzer.baseline = after;
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
    // A started data export finishes in the background: let it, so later routes start from what it wrote.
    if (id === 'startDataExport') {
      await exportSettled(user);
      fuzzer.baseline = withoutRequestCounter(await userFootprint(twin, user.userId, { partitioned: true }));
    }
    // Our own report: fast-check's would print the whole (up to 70 kB) counterexample.
    if (details.failed) throw new Error(`after ${details.numRuns} runs (seed ${details.seed}, path "${details.counterexamplePath}"): ${String(details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance).slice(0, 1500)}`);
  }
});
