import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaBundleBudgets } from '../budgets';
import { lambdaBundleSizes, lambdaEntries } from '../support/lambdaBundle';

const entries = lambdaEntries();
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Each Lambda function's minified bundle, as the stack bundles it, stays within its budget
 * (test/budgets.ts). All are bundled in one esbuild run in memory (~3 s).
 */
describe('Lambda bundle budgets', () => {
  let sizes: Awaited<ReturnType<typeof lambdaBundleSizes>>;
  beforeAll(async () => {
    sizes = await lambdaBundleSizes(entries);
  });

  it('has one budget for every function the stack deploys, and none for a function it does not', () => {
    expect(Object.keys(lambdaBundleBudgets).sort()).toEqual(Object.keys(entries).sort());
  });

  for (const name of Object.keys(entries)) {
    it(`${name} stays within its budget`, () => {
      const { bytes, largestSources } = sizes.get(name)!;
      const budget = lambdaBundleBudgets[name];
      if (!budget) return expect.fail(`${name} has no bundle budget in test/budgets.ts`);
      const over = kib(bytes) - budget.kib;
      const largest = largestSources.map(([source, sourceBytes]) => `${source} ${Math.round(sourceBytes / 1024)} KiB`).join(', ');
      expect(
        over,
        `The ${name} Lambda bundle is ${kib(bytes)} KiB, ${Math.round(over * 10) / 10} KiB over its budget of ${budget.kib} KiB (test/budgets.ts: ${budget.why}). Its largest sources: ${largest}.`,
      ).toBeLessThanOrEqual(0);
    });
  }
});
