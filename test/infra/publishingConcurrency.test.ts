import { describe, expect, it } from 'vitest';
import { unbundledTemplate } from '../support/unbundledTemplate';
import { platforms, type Platform } from '../../shared/platforms';
import { FINALIZE_RESERVED_CONCURRENCY, PUBLISH_STEP_RESERVED_CONCURRENCY } from '../../functions/services/publishingLimits';

/** Lambda's usual concurrency quota for an account, and the part of it Lambda keeps unreserved whatever is reserved. */
const ACCOUNT_QUOTA = 1000;
const UNRESERVED_MINIMUM = 100;

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
const publisherId = (platform: Platform) => `Publishing${capitalized(platform)}PublisherFunction`;

describe('publishing concurrency (issue 26, item 3)', () => {
  const lambdas = Object.entries(unbundledTemplate().findResources('AWS::Lambda::Function'));
  const reservedOf = (prefix: string) => lambdas.find(([id]) => id.startsWith(prefix))?.[1].Properties.ReservedConcurrentExecutions as number | undefined;

  it('reserves concurrency for every platform\'s publish function and for finalize, so API traffic cannot take it', () => {
    // Enough for a few posts' targets at once on each platform, however many platforms there are.
    expect(PUBLISH_STEP_RESERVED_CONCURRENCY).toBeGreaterThanOrEqual(10);
    for (const platform of platforms) expect(reservedOf(publisherId(platform)), platform).toBe(PUBLISH_STEP_RESERVED_CONCURRENCY);
    expect(reservedOf('PublishingFinalizePost')).toBe(FINALIZE_RESERVED_CONCURRENCY);
  });

  it('reserves nothing else, and leaves most of the usual account quota to the API and the jobs', () => {
    const reserved = lambdas.reduce((sum, [, fn]) => sum + ((fn.Properties.ReservedConcurrentExecutions as number | undefined) ?? 0), 0);
    expect(reserved).toBe(platforms.length * PUBLISH_STEP_RESERVED_CONCURRENCY + FINALIZE_RESERVED_CONCURRENCY);
    expect(ACCOUNT_QUOTA - reserved).toBeGreaterThanOrEqual(8 * UNRESERVED_MINIMUM);
  });
});
