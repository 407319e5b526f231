import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startTwin } from '../../infra/local/twin';
import { fileLog } from '../../infra/local/log';
import { buildFrontend, buildIsStale, distDir } from '../../infra/local/frontendBuild';
import { launchBrowser } from '../support/browser';
import { toTwinInfo, type TwinInfo } from '../support/twinInfo';

/**
 * What every screenshot script does around its pictures: builds the front end when it is stale,
 * starts a throw-away twin (in-memory tables, fast waits) and Chromium, runs `shoot`, then stops
 * both and removes the twin's data — also when `shoot` fails, which exits 1 with the stack.
 */
export function runScreenshots(name: string, shoot: (info: TwinInfo, browser: Browser) => Promise<void>): void {
  const run = async () => {
    if (buildIsStale()) await buildFrontend();
    const dataDir = mkdtempSync(join(tmpdir(), `oneclick-${name}-`));
    const twin = await startTwin({ dataDir, log: fileLog(join(dataDir, 'twin.log')), distDir, inMemoryDynamoDb: true, fastWaitMs: 20 });
    const browser = await launchBrowser();
    try {
      await shoot(toTwinInfo(twin), browser);
    } finally {
      await browser.close();
      await twin.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  run().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
