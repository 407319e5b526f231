import { defineConfig } from 'vitest/config';

/**
 * unit: pure code and handlers with fakes. infra: the synthesized template and cdk-nag.
 * system: integration (real handlers against the emulators) and e2e (real Chromium), sharing
 * one offline twin started by the global setup on free ports.
 */
export default defineConfig({
  test: {
    // unit and infra are hermetic: their files run two at a time (vitest's default on 2 cores is
    // one). system keeps one file at a time (below): its files share one twin and its sandbox.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'system',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          // One file at a time, after unit and infra: the files share the twin (faults injected
          // into its sandbox, request logs read back), so they must not overlap.
          maxWorkers: 1,
          globalSetup: ['test/setup/twin.ts'],
          // The twin's handlers log at DEBUG into its log file (test/setup/twin.ts); handlers a
          // test imports itself keep the twin's usual WARN, so the run's output stays readable.
          env: { POWERTOOLS_LOG_LEVEL: 'WARN' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page or a post reaches its state in well under a second on an idle machine; on a
          // loaded 2-core CI machine it can take several. Polls wait for the state, not a clock.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
