import { Template } from 'aws-cdk-lib/assertions';
import { resolve } from 'node:path';
import { buildApp } from '../../infra/app';

let template: Template | undefined;

/**
 * The stack's template, synthesized without bundling the functions (these tests read the
 * resources, not the code), once per worker: the infra project runs its files without isolation
 * (vitest.config.ts), so the files that read it share one synthesis (about 12 s of CPU each).
 */
export function unbundledTemplate(): Template {
  template ??= Template.fromStack(buildApp({ webAssetPath: resolve(import.meta.dirname, '../fixtures/web'), skipBundling: true }).stack);
  return template;
}
