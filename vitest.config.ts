import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/setup/sequencer.ts';
import { exclusiveSystemFiles, isolatedSystemFiles, systemFiles } from './test/setup/systemFiles.ts';

/** What both system projects share: one offline twin (started once, test/setup/twin.ts) and its waits. */
const systemProject = {
  globalSetup: ['test/setup/twin.ts'],
  // The twin's handlers log at DEBUG into its log file (test/setup/twin.ts); handlers a
  // test imports itself keep the twin's usual WARN, so the run's output stays readable.
  env: { POWERTOOLS_LOG_LEVEL: 'WARN' },
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A page or a post reaches its state in well under a second on an idle machine; on a
  // loaded 2-core CI machine it can take several. Polls wait for the state, not a clock.
  expect: { poll: { timeout: 15_000 } },
};

/**
 * unit: pure code and handlers with fakes. infra: the synthesized template and cdk-nag.
 * system: integration (real handlers against the emulators) and e2e (real Chromium) against one
 * offline twin, three files at a time (most of their time is spent waiting on the twin and the
 * browser, not computing: a full run at two used 1.15 of the 2 cores on average, 20 CPU-minutes
 * in 17 min 23 s); system-serial: the exclusive files, one at a time, after them.
 * Groups run in order: unit and infra, then system, then system-serial.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ['default', './test/setup/slowestFiles.ts'],
    // Longest files first, from a measured run (a fresh clone has no vitest cache).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // Without isolation too: each worker imports a module once for all its files instead of once
      // per file (the unit files' CPU time falls from ~112 s to ~32 s). A file that changes
      // process-wide state (the environment, a module's cache) restores it, as root.test.ts does.
      { test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node', setupFiles: ['test/setup/withoutTwin.ts'], isolate: false, sequence: { groupOrder: 0 } } },
      // Without isolation, the files of one worker share modules, so the unbundled template is
      // synthesized once per worker (test/support/unbundledTemplate.ts); they only read it.
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], setupFiles: ['test/setup/withoutTwin.ts'], isolate: false, testTimeout: 120_000, hookTimeout: 120_000, sequence: { groupOrder: 0 } } },
      // Without isolation as well: a worker imports the handlers, the SDK clients and Playwright once
      // for all its files instead of once per file (a fresh clone's run spent 234 s importing).
      { test: { name: 'system', include: systemFiles, exclude: [...exclusiveSystemFiles, ...isolatedSystemFiles], ...systemProject, isolate: false, maxWorkers: 3, sequence: { groupOrder: 1 } } },
      { test: { name: 'system-isolated', include: isolatedSystemFiles, ...systemProject, maxWorkers: 3, sequence: { groupOrder: 1 } } },
      { test: { name: 'system-serial', include: exclusiveSystemFiles, ...systemProject, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
