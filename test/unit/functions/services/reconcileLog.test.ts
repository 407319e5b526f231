import { describe, expect, it } from 'vitest';
import { logReconcileReport } from '../../../../functions/services/reconcileLog';

function recordingLogger() {
  const lines: Array<[level: string, message: string]> = [];
  const record = (level: string) => (message: string) => void lines.push([level, message]);
  return { lines, logger: { debug: record('DEBUG'), info: record('INFO'), warn: record('WARN'), error: record('ERROR') } };
}

describe('the reconcile run in the log', () => {
  it('writes a run that started or finished posts at INFO: routine, nothing for an operator', () => {
    const { lines, logger } = recordingLogger();
    logReconcileReport(logger, { looked: 3, started: 1, finished: 1, running: 1, errors: [] });
    expect(lines).toEqual([['INFO', 'Reconciled posts']]);
  });

  it('writes an idle run at INFO and each post it could not look at at ERROR', () => {
    const { lines, logger } = recordingLogger();
    logReconcileReport(logger, { looked: 1, started: 0, finished: 0, running: 0, errors: [{ postId: '01JPOST', message: 'DynamoDB is unavailable' }] });
    expect(lines).toEqual([['ERROR', 'Could not reconcile a post; the next run tries again'], ['INFO', 'Reconcile run']]);
  });
});
