import { spawn } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/ports';

const projectRoot = resolve(import.meta.dirname, '../../..');

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

describe('the twin leaves nothing running when it dies', () => {
  it('DynamoDB Local exits when the process that started it is killed (SIGKILL: no clean-up ran)', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'oneclick-orphan-'));
    const script = join(dir, 'start.mts');
    writeFileSync(
      script,
      [
        `import { startDynamoDb } from ${JSON.stringify(resolve(projectRoot, 'infra/local/dynamodb/dynamodb.ts'))};`,
        `import { memoryLog } from ${JSON.stringify(resolve(projectRoot, 'infra/local/log.ts'))};`,
        `await startDynamoDb({ port: ${port}, log: memoryLog() });`,
        `console.log('ready');`,
        `setInterval(() => {}, 1000);`,
      ].join('\n'),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolveReady, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolveReady());
        child.once('exit', (code) => reject(new Error(`the starter exited early (${code})`)));
      });
      expect(await answers(`http://127.0.0.1:${port}`)).toBe(true);

      child.kill('SIGKILL');

      const deadline = Date.now() + 15_000;
      while ((await answers(`http://127.0.0.1:${port}`)) && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 250));
      expect(await answers(`http://127.0.0.1:${port}`)).toBe(false);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
