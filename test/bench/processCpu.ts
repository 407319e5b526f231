import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent by this process (the twin's handlers, its API adapter, the SDK and the bench's
 * own client) and by DynamoDB Local's Java process, read from the kernel. Unlike requests per
 * second, CPU per call hardly moves with what else the machine runs, so it is the figure to
 * compare on a shared machine.
 */
export interface CpuSample {
  nodeMs: number;
  dynamoDbMs: number;
}

/** Clock ticks per second of /proc's utime and stime (100 on Linux, but asked). */
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The DynamoDB Local this process started (its child) listening on the endpoint's port. */
function dynamoDbPid(endpoint: string): number {
  const port = new URL(endpoint).port;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const parent = Number(statFields(Number(name))[1]);
      const commandLine = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && commandLine.some((part) => part.includes('DynamoDBLocal')) && commandLine.includes(port)) return Number(name);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error(`No DynamoDB Local child of this process listens on port ${port}`);
}

/** /proc/<pid>/stat's fields after the command name: [state, ppid, …]; utime and stime are the 12th and 13th. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

export function cpuMeter(dynamoDbEndpoint: string): () => CpuSample {
  const pid = dynamoDbPid(dynamoDbEndpoint);
  return () => {
    const own = process.cpuUsage();
    const fields = statFields(pid);
    return { nodeMs: (own.user + own.system) / 1000, dynamoDbMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond };
  };
}
