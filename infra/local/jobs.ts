import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { scheduledJobs } from '../../functions/handlers/groups';
import type { TwinLog } from './log';

const projectRoot = resolve(import.meta.dirname, '../..');

/** Runs a scheduled job's handler once, as EventBridge would. */
export async function runJob(name: keyof typeof scheduledJobs, event?: unknown): Promise<unknown> {
  const module = (await import(pathToFileURL(resolve(projectRoot, scheduledJobs[name].entry)).href)) as { handler: (event?: unknown) => Promise<unknown> };
  return module.handler(event);
}

/**
 * The twin's stand-in for the EventBridge schedules: each job on a timer (its real rate, or
 * `everyMs` to speed it up), never two runs of one job at once. Returns a stop function.
 */
export function startJobTimers(log: TwinLog, everyMs?: number): () => void {
  const timers = Object.entries(scheduledJobs).map(([name, job]) => {
    let running = false;
    return setInterval(
      () => {
        if (running) return;
        running = true;
        runJob(name as keyof typeof scheduledJobs)
          .then((report) => log.info('jobs', `${name}: ${JSON.stringify(report)}`))
          .catch((error: unknown) => log.error('jobs', `${name}: ${(error as Error).message}`))
          .finally(() => (running = false));
      },
      everyMs ?? job.everyMinutes * 60_000,
    );
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
