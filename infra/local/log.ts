import { appendFileSync } from 'node:fs';

/**
 * The offline twin's log: one short line per event, tagged with the part that speaks.
 * Tokens and passwords never pass through here (the demo password is printed once, on purpose,
 * by the start banner).
 */
export type LogTag = 'twin' | 'dynamodb' | 's3' | 'cognito' | 'api' | 'web' | 'mail' | 'sandbox' | 'jobs' | 'module';

export interface TwinLog {
  info(tag: LogTag, message: string): void;
  error(tag: LogTag, message: string): void;
}

function time(): string {
  return new Date().toISOString().slice(11, 19);
}

export const consoleLog: TwinLog = {
  info: (tag, message) => process.stdout.write(`${time()} ${tag.padEnd(8)} ${message}\n`),
  error: (tag, message) => process.stderr.write(`${time()} ${tag.padEnd(8)} ERROR ${message}\n`),
};

/**
 * For tests: appends the same lines to a file a test can read. A request still finishing while
 * the test twin is torn down may log after the file's folder is gone; that line is dropped.
 */
export function fileLog(path: string): TwinLog {
  const append = (line: string) => {
    try {
      appendFileSync(path, line);
    } catch {
      // The folder was removed at teardown.
    }
  };
  return {
    info: (tag, message) => append(`${time()} ${tag.padEnd(8)} ${message}\n`),
    error: (tag, message) => append(`${time()} ${tag.padEnd(8)} ERROR ${message}\n`),
  };
}

/** For tests: keeps the lines so a test can read, e.g., a confirmation code from them. */
export function memoryLog(): TwinLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (tag, message) => lines.push(`${tag} ${message}`),
    error: (tag, message) => lines.push(`${tag} ERROR ${message}`),
  };
}
