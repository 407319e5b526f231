import { createServer, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { backgroundTasks, taskFunctionEnvName, type BackgroundTaskName } from '../../functions/handlers/groups';
import type { TwinLog } from './log';

const projectRoot = resolve(import.meta.dirname, '../..');

/** The local name of a background task's function. */
export const localTaskFunctionName = (task: BackgroundTaskName) => `oneclick-local-${task}`;

/** What the account function needs to start tasks offline: each task's function name and the local endpoint. */
export function taskEnvironment(endpoint: string): Record<string, string> {
  const environment: Record<string, string> = { AWS_ENDPOINT_URL_LAMBDA: endpoint };
  for (const task of Object.keys(backgroundTasks) as BackgroundTaskName[]) environment[taskFunctionEnvName(task)] = localTaskFunctionName(task);
  return environment;
}

export interface LocalLambda {
  endpoint: string;
  /** Resolves when every task started so far has ended. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The twin's stand-in for Lambda's Invoke API, for asynchronous invokes (InvocationType Event):
 * answers 202 at once, as Lambda does, then runs the task's handler in-process, not awaited.
 */
export async function startLocalLambda(options: { port: number; log: TwinLog }): Promise<LocalLambda> {
  const running = new Set<Promise<unknown>>();
  const byName = new Map((Object.keys(backgroundTasks) as BackgroundTaskName[]).map((task) => [localTaskFunctionName(task), task]));
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(request.url ?? '');
      const task = match ? byName.get(decodeURIComponent(match[1]!)) : undefined;
      if (request.method !== 'POST' || !task) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ Type: 'User', message: 'Function not found' }));
        return;
      }
      if (request.headers['x-amz-invocation-type'] !== 'Event') {
        response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'The twin runs tasks as asynchronous (Event) invokes only' }));
        return;
      }
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'The payload is not JSON' }));
        return;
      }
      response.writeHead(202, { 'x-amzn-requestid': `local-${Date.now()}` }).end();
      const run = import(pathToFileURL(resolve(projectRoot, backgroundTasks[task].entry)).href)
        .then((module: { handler: (event: unknown) => Promise<unknown> }) => module.handler(payload))
        .then((result) => options.log.info('jobs', `${task}: ${JSON.stringify(result)}`))
        .catch((error: unknown) => options.log.error('jobs', `${task}: ${(error as Error).message}`))
        .finally(() => running.delete(run));
      running.add(run);
    });
  });
  await new Promise<void>((resolveListen) => server.listen(options.port, '127.0.0.1', resolveListen));
  const endpoint = `http://127.0.0.1:${options.port}`;
  return {
    endpoint,
    idle: async () => {
      while (running.size) await Promise.allSettled([...running]);
    },
    stop: async () => {
      await Promise.allSettled([...running]);
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
