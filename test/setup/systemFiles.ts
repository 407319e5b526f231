/**
 * Which system files run where (vitest.config.ts). Kept apart from the config so a unit test can
 * check that every file needing a module registry of its own is listed.
 */

export const systemFiles = ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'];

/**
 * System files that act on every user's data at once, so nothing may run beside them: the
 * reconciler test runs the reconciler with a clock minutes ahead, which would take other files'
 * posts in flight for overdue; the upload sweep's three files count their files "two days ago"
 * and run the sweep over every user's due files, so one file's sweep removed another's upload
 * between its start and its completion (a fresh-clone run failed on it: "This upload changed
 * while it was being completed"). Every other system file keeps to its own users and sandbox
 * accounts (faults are injected per account, request logs read per account), so several run side
 * by side.
 */
export const exclusiveSystemFiles = [
  'test/integration/posts/reconciler.test.ts',
  'test/integration/uploads/sweep.test.ts',
  'test/integration/uploads/thumbnails.test.ts',
  'test/integration/uploads/postMedia.test.ts',
];

/**
 * System files that need a module registry of their own. The others share one per worker
 * (isolate: false). These start a twin in the worker (startTwin points the process's variables
 * at it, and the composition roots cache their clients per process) or set a variable that the
 * modules they import read once. test/unit/setup/systemFiles.test.ts finds them by what they do.
 */
export const isolatedSystemFiles = [
  'test/integration/chaos/chaosSubset.test.ts',
  'test/integration/posts/restart.test.ts',
  'test/integration/twin/external.test.ts',
  'test/integration/twin/restart.test.ts',
  'test/integration/twin/resume.test.ts',
];
