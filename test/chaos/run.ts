import { mkdirSync, writeFileSync } from 'node:fs';
import { platforms, type Platform } from '../../shared/platforms';
import { restartableTwin } from '../support/restartableTwin';
import { liftUserRateLimit } from '../bench/rateLimitLift';
import {
  callFaults,
  discoverCalls,
  discoverCreatingCalls,
  lookUpFaults,
  mediaKinds,
  prepare,
  runCell,
  runLookUpCell,
  STEP_TIMEOUT_MS,
  summary,
  table,
  type Cell,
  type MediaKind,
} from './matrix';

/**
 * `npm run chaos`: the whole fault matrix on a twin of its own. Prints the table, writes
 * .bench/chaos.json as {"cells": [{platform, call, fault, outcome, detail}]}, and exits 1 on any
 * duplicate or stuck post. `npm run chaos -- x tiktok` runs those platforms only.
 */

process.env['ONECLICK_TWIN_STEP_TIMEOUT_MS'] = String(STEP_TIMEOUT_MS);
// One user publishing on five platforms side by side, polling each post: machine speed, not a
// person's, so the per-user request limit (functions/http/rateLimit.ts) is lifted for the run.
liftUserRateLimit();
const chosen = process.argv.slice(2).filter((word): word is Platform => (platforms as readonly string[]).includes(word));
const selected = chosen.length ? chosen : [...platforms];
const cleanups: Array<() => unknown> = [];
const started = Date.now();

const chaos = await restartableTwin('chaos', (task) => cleanups.push(task));
const context = await prepare(chaos, selected);
const cells: Cell[] = [];
try {
  const plan: Array<{
    platform: Platform;
    kind: MediaKind;
    calls: Awaited<ReturnType<typeof discoverCalls>>;
    creating: Awaited<ReturnType<typeof discoverCreatingCalls>>;
  }> = [];
  for (const platform of selected) {
    for (const kind of mediaKinds(platform)) {
      plan.push({ platform, kind, calls: await discoverCalls(context, platform, kind), creating: await discoverCreatingCalls(context, platform, kind) });
    }
  }
  const total = plan.reduce((sum, item) => sum + item.calls.length * callFaults.length + item.creating.length * lookUpFaults.length, 0);
  process.stdout.write(`${total} cells: ${plan.map((item) => `${item.platform} ${item.kind} ${item.calls.length} calls (${item.creating.length} creating)`).join(', ')}\n`);
  const report = (cell: Cell) => {
    cells.push(cell);
    process.stdout.write(`${cell.outcome.padEnd(9)} ${cell.platform} ${cell.media} ${cell.call} · ${cell.fault}${cell.outcome === 'one post' ? '' : ` · ${cell.detail}`}\n`);
  };
  const run = async (platform: Platform, only: (fault: (typeof callFaults)[number]) => boolean) => {
    for (const { kind, calls } of plan.filter((item) => item.platform === platform)) {
      for (const call of calls) for (const fault of callFaults.filter(only)) report(await runCell(context, platform, kind, call, fault));
    }
  };
  const lookUps = async (platform: Platform) => {
    for (const { kind, creating } of plan.filter((item) => item.platform === platform)) {
      for (const call of creating) for (const fault of lookUpFaults) report(await runLookUpCell(context, platform, kind, call, fault));
    }
  };
  // Platforms side by side (a fault only touches its own platform); restarts one at a time.
  await Promise.all(selected.map(async (platform) => (await run(platform, (fault) => fault !== 'twin restarted'), await lookUps(platform))));
  for (const platform of selected) await run(platform, (fault) => fault === 'twin restarted');
} finally {
  await context.current.twin.stop();
  for (const cleanup of cleanups.reverse()) await cleanup();
}

const counts = summary(cells);
process.stdout.write(`\n${table(cells)}\n\n${JSON.stringify(counts)} in ${Math.round((Date.now() - started) / 1000)} s\n`);
mkdirSync('.bench', { recursive: true });
writeFileSync(
  '.bench/chaos.json',
  `${JSON.stringify({ cells: cells.map(({ platform, media, call, fault, outcome, detail }) => ({ platform, media, call, fault, outcome, detail })) }, null, 2)}\n`,
);
process.exit(counts.duplicate + counts.stuck === 0 ? 0 : 1);
