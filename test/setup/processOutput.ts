import { appendFileSync } from 'node:fs';

/**
 * Copies everything this process writes to stdout and stderr into `file` as well: the handlers'
 * own logs (Powertools writes JSON lines to stdout, as in Lambda) join the twin's log, so a
 * test can read every line a publish run logged. Those JSON lines go to the file only (the
 * test run's terminal stays readable); the rest also goes on to the terminal. Returns a
 * function that stops copying.
 */
export function copyProcessOutput(file: string): () => void {
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write.bind(stream));
  streams.forEach((stream, index) => {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      try {
        appendFileSync(file, typeof chunk === 'string' ? chunk : Buffer.from(chunk));
      } catch {
        // The folder was removed at teardown.
      }
      if (typeof chunk === 'string' && chunk.startsWith('{"level":')) return true;
      return (originals[index] as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  });
  return () => streams.forEach((stream, index) => (stream.write = originals[index]!));
}
