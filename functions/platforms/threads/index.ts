import type { PlatformModule } from '../module';
import { createThreadsAdapter } from './adapter';
import { createThreadsMetricsReader } from './metrics';
import { readThreadsOptions, type ThreadsOptions } from './options';
import { createThreadsPublisher } from './publisher';

/** Threads: Threads' OAuth (60-day tokens), container publishing on graph.threads.net, insights as metrics. */
export const threadsModule: PlatformModule<ThreadsOptions> = {
  platform: 'threads',
  hosts: {
    www: 'https://threads.net',
    graph: 'https://graph.threads.net',
  },
  readOptions: readThreadsOptions,
  createAdapter: createThreadsAdapter,
  createPublisher: createThreadsPublisher,
  createMetricsReader: createThreadsMetricsReader,
};
