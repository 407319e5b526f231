import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { OneClickStack } from './stack';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildAppOptions {
  webAssetPath?: string;
  allowPasswordAuth?: boolean;
  /** Account and region; by default what the CDK CLI resolved (CDK_DEFAULT_ACCOUNT/REGION). */
  env?: { account?: string; region?: string };
  /** CDK context values, as `cdk -c key=value` gives them (e.g. oneclick:alarmEmail). */
  context?: Record<string, string>;
  /**
   * Skip esbuild bundling of the Lambdas (the CDK's own `aws:cdk:bundling-stacks` switch): for a
   * test that reads only the template, where bundling ~30 functions costs ~20 s a synth. The
   * template is the same but for the code assets' hashes; `cdk synth` and `cdk deploy` always bundle.
   */
  skipBundling?: boolean;
}

/** The CDK app with cdk-nag's AwsSolutions checks applied to everything in it. */
export function buildApp(options: BuildAppOptions = {}): { app: App; stack: OneClickStack } {
  const context: Record<string, unknown> = { ...options.context, ...(options.skipBundling ? { 'aws:cdk:bundling-stacks': [] } : {}) };
  const app = new App({ context });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const webAssetPath = options.webAssetPath ?? resolve(projectRoot, 'frontend/dist');
  if (!existsSync(resolve(webAssetPath, 'index.html'))) {
    throw new Error(`The front end is not built at ${webAssetPath}: run "npm run build:web" first.`);
  }
  const allowPasswordAuth =
    options.allowPasswordAuth ?? app.node.tryGetContext('oneclick:allowPasswordAuth') === 'true';
  const stack = new OneClickStack(app, 'OneClick', {
    webAssetPath,
    allowPasswordAuth,
    env: options.env ?? { account: process.env['CDK_DEFAULT_ACCOUNT'], region: process.env['CDK_DEFAULT_REGION'] },
    description: 'OneClick: social media publishing and scheduling',
  });
  return { app, stack };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildApp().app.synth();
}
