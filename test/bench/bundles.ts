import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backgroundTasks, taskFunctionEnvName, type BackgroundTaskName } from '../../functions/handlers/groups';
import { tableEnvName, tableKeys } from '../../shared/resources/tables';
import { bucketEnvName, bucketKeys } from '../../shared/resources/buckets';
import { platforms } from '../../shared/platforms';
import { bundleLambda, bytesBySource, lambdaEntries } from '../support/lambdaBundle';
import type { Benchmark, Figure } from './benchmarks';

const projectRoot = resolve(import.meta.dirname, '../..');

/** What a cold start reads (names only: nothing is called while a module initialises). */
function coldStartEnvironment(): Record<string, string> {
  const env: Record<string, string> = {
    AWS_REGION: 'us-east-1',
    ONECLICK_SITE_URL: 'https://example.cloudfront.net',
    ONECLICK_LOCAL_TOKEN_KEY: Buffer.alloc(32, 1).toString('base64'),
    STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:000000000000:stateMachine:PublishPost',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    USER_POOL_ID: 'us-east-1_bench',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  for (const key of tableKeys) env[tableEnvName(key)] = `table-${key}`;
  for (const key of bucketKeys) env[bucketEnvName(key)] = `bucket-${key}`;
  for (const task of Object.keys(backgroundTasks) as BackgroundTaskName[]) env[taskFunctionEnvName(task)] = `task-${task}`;
  for (const platform of platforms) {
    env[`${platform.toUpperCase()}_CLIENT_ID`] = 'id';
    env[`${platform.toUpperCase()}_CLIENT_SECRET`] = 'secret';
  }
  return env;
}

/**
 * One cold import of the bundle in a fresh Node: its wall time, and the CPU time it spent (user
 * and system), which a machine whose cores other work shares inflates far less than wall time.
 */
function initTime(file: string): Promise<{ wallMs: number; cpuMs: number }> {
  const script = `const t = performance.now(); const c = process.cpuUsage(); await import(${JSON.stringify(file)}); const u = process.cpuUsage(c); process.stdout.write(JSON.stringify({ wallMs: performance.now() - t, cpuMs: (u.user + u.system) / 1000 }));`;
  return new Promise((done, reject) => {
    const run = spawn(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...coldStartEnvironment() }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.on('exit', (code) => (code === 0 ? done(JSON.parse(output) as { wallMs: number; cpuMs: number }) : reject(new Error(`init of ${file} exited ${code}`))));
  });
}

/** Each Lambda bundle's minified size and its module init time (the cold start's own share). */
export const bundlesBenchmark: Benchmark = {
  name: 'lambda bundles',
  async run(): Promise<Figure[]> {
    const entries = lambdaEntries();
    const dir = mkdtempSync(join(projectRoot, '.bench-bundles-'));
    const figures: Figure[] = [];
    try {
      for (const [name, entry] of Object.entries(entries)) {
        const outfile = join(dir, `${name}.mjs`);
        // As the stack bundles them (AWS SDK included).
        const { bytes, metafile } = await bundleLambda(entry, outfile);
        figures.push({ name: `${name}: bundle size`, value: Math.round(bytes / 1024), unit: 'KiB' });
        // What makes it that size: its three largest sources (a package or a source folder).
        for (const [source, sourceBytes] of bytesBySource(metafile).slice(0, 3)) {
          figures.push({ name: `${name}:   of which ${source}`, value: Math.round(sourceBytes / 1024), unit: 'KiB' });
        }
        const samples: Array<{ wallMs: number; cpuMs: number }> = [];
        for (let run = 0; run < 3; run++) samples.push(await initTime(outfile));
        const median = (values: number[]) => Math.round(values.sort((a, b) => a - b)[1]!);
        figures.push({ name: `${name}: module init (median of 3)`, value: median(samples.map((sample) => sample.wallMs)), unit: 'ms' });
        figures.push({ name: `${name}: module init CPU (median of 3)`, value: median(samples.map((sample) => sample.cpuMs)), unit: 'ms' });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};
