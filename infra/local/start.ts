import './quietSdk';
/**
 * `npm start`: the whole product offline on 127.0.0.1. Ctrl-C stops everything it started.
 *   --dev   serve the front end from the Vite dev server (hot reload) instead of the build
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { createServer as createViteServer } from 'vite';
import { consoleLog } from './log';
import { startTwin } from './twin';
import { ensureDemoAccount } from './demoAccount';
import { buildFrontend, buildIsStale, distDir, viteConfigFile } from './frontendBuild';
import { DEFAULT_DATA_DIR, twinInfoFile } from './dataDir';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const settingsSchema = z.object({
  ONECLICK_DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  ONECLICK_WEB_PORT: port(5173),
  ONECLICK_DYNAMODB_PORT: port(8000),
  ONECLICK_S3_PORT: port(4569),
  ONECLICK_COGNITO_PORT: port(9229),
  ONECLICK_SANDBOX_PORT: port(4600),
  ONECLICK_STEPFUNCTIONS_PORT: port(8083),
  ONECLICK_MODULE_PORT: port(4700),
});

async function main(): Promise<void> {
  const parsed = settingsSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Bad setting: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const settings = parsed.data;
  const dev = process.argv.includes('--dev');
  const dataDir = resolve(settings.ONECLICK_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  if (!dev && buildIsStale()) {
    consoleLog.info('web', 'building the front end…');
    await buildFrontend();
  }

  const twin = await startTwin({
    dataDir,
    ports: {
      web: settings.ONECLICK_WEB_PORT,
      dynamodb: settings.ONECLICK_DYNAMODB_PORT,
      s3: settings.ONECLICK_S3_PORT,
      cognito: settings.ONECLICK_COGNITO_PORT,
      sandbox: settings.ONECLICK_SANDBOX_PORT,
      stepFunctions: settings.ONECLICK_STEPFUNCTIONS_PORT,
      demoModule: settings.ONECLICK_MODULE_PORT,
    },
    log: consoleLog,
    runJobs: true,
    ...(dev
      ? {
          createVite: () =>
            createViteServer({ configFile: viteConfigFile, server: { middlewareMode: true }, appType: 'spa' }),
        }
      : { distDir }),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLog.info('twin', `${signal}: stopping…`);
    await twin.stop();
    consoleLog.info('twin', 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  let demo: Awaited<ReturnType<typeof ensureDemoAccount>>;
  try {
    demo = await ensureDemoAccount(twin.cognito, resolve(dataDir, 'demo-account.json'));
  } catch (error) {
    await twin.stop();
    throw error;
  }
  const { account, created } = demo;
  writeFileSync(
    twinInfoFile(dataDir),
    JSON.stringify({ webUrl: twin.webUrl, endpoints: twin.endpoints, userPoolId: twin.cognito.userPoolId, tableNames: twin.tableNames }, null, 2),
  );
  const banner = [
    '',
    `  OneClick is running offline at ${twin.webUrl}`,
    '',
    `  Demo account${created ? ' (created now)' : ''}:`,
    `    email     ${account.email}`,
    `    password  ${account.password}`,
    '',
    `  Platform sandbox: ${twin.endpoints.sandbox} (Accounts → a platform → its consent page).`,
    `  Demo module: ${twin.demoModule.origin} (AutoToon, Influencer, Podcast and AI Image open it in the dashboard).`,
    '',
    '  No e-mail is sent offline: sign-up and password-reset codes appear in this log',
    `  (lines tagged "mail") and in ${resolve(dataDir, 'cognito', 'outbox.jsonl')}.`,
    '  Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(`${banner.join('\n')}\n`);
}

main().catch((error: unknown) => {
  consoleLog.error('twin', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
