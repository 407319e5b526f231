import { describe, expect, it } from 'vitest';
import { platforms } from '../../shared/platforms';
import { publishingFunctions } from '../../functions/handlers/groups';
import { bundleLambda, bundledFiles } from '../support/lambdaBundle';

/**
 * Each platform's publish Lambda bundles only its own platform: its esbuild metafile (bundled as
 * the stack bundles it) holds its own module's files and none of another platform's folder, nor
 * the registry that imports them all. A platform added to shared/platforms.ts is checked too.
 */
describe('publish Lambda bundles: one platform each', () => {
  for (const platform of platforms) {
    it(`${platform}'s holds ${platform}'s module and no other platform's code`, async () => {
      const files = bundledFiles((await bundleLambda(publishingFunctions.publishStep.entry(platform))).metafile);
      expect(files.filter((file) => file.startsWith(`functions/platforms/${platform}/`))).toEqual(expect.arrayContaining([`functions/platforms/${platform}/publisher.ts`, `functions/platforms/${platform}/adapter.ts`]));
      const others = platforms.filter((other) => other !== platform);
      expect(files.filter((file) => others.some((other) => file.startsWith(`functions/platforms/${other}/`)))).toEqual([]);
      expect(files).not.toContain('functions/platforms/registry.ts');
    });
  }
});
