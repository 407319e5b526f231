import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileUp } from 'lucide-react';
import type { RowOutcome } from '../../../../../shared/api/imports';
import { importTemplate, parseImportCsv } from '../../../../../shared/csv/parseImport';
import { prepareImport, type PreparedImport } from '../../../../../shared/csv/importRows';
import { Dialog, DialogTitle } from '../../../components/ui/Dialog';
import { ErrorBox, Spinner } from '../../../components/ui/Form';
import { useApi } from '../../../lib/useApi';
import { useSchedulingTimeZone } from '../../settings';
import { importAccounts, mediaResolver, saveFile, sendRows } from './api';
import './csv.css';

/** One line of the report: a row's outcome, or a problem found before sending. */
interface ReportLine {
  line: number;
  outcome: RowOutcome['outcome'];
  becomes: RowOutcome['becomes'];
  problems: RowOutcome['problems'];
}

type Stage =
  | { kind: 'choose' }
  | { kind: 'working'; message: string }
  | { kind: 'checked'; prepared: PreparedImport; report: ReportLine[] }
  | { kind: 'imported'; report: ReportLine[] }
  | { kind: 'failed'; message: string };

const createdOutcomes: ReadonlyArray<RowOutcome['outcome']> = ['scheduled', 'submitted', 'drafted'];

/** The rows refused before sending and the server's outcomes, in line order. */
function reportOf(prepared: PreparedImport, outcomes: RowOutcome[]): ReportLine[] {
  const early = new Map<number, ReportLine>();
  for (const problem of prepared.problems) {
    const line = early.get(problem.line) ?? { line: problem.line, outcome: 'refused' as const, becomes: null, problems: [] };
    line.problems.push({ column: problem.column, message: problem.message });
    early.set(problem.line, line);
  }
  return [...early.values(), ...outcomes.map(({ line, outcome, becomes, problems }) => ({ line, outcome, becomes, problems }))].sort((a, b) => a.line - b.line);
}

/**
 * Import posts from a CSV (docs/csv.md): the template, the file and the files its rows name, a
 * dry run that reports every row (ready, or refused with line, column and reason), then the
 * import, which reports every row again (created, imported before, refused).
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const { zone } = useSchedulingTimeZone();
  const ids = { file: useId(), media: useId(), intro: useId() };
  const [file, setFile] = useState<File>();
  const [mediaFiles, setMediaFiles] = useState<File[]>([]);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const abort = useRef(new AbortController());
  useEffect(() => () => abort.current.abort(), []);

  const words = useMemo(
    () => ({
      notHttps: (reference: string) => t('csv.media.notHttps', { reference }),
      downloadFailed: (reference: string) => t('csv.media.downloadFailed', { reference }),
      notFound: (reference: string) => t('csv.media.notFound', { reference }),
      uploadFailed: (reference: string, message: string) => t('csv.media.uploadFailed', { reference, message }),
    }),
    [t],
  );

  async function check() {
    if (!file) return;
    try {
      setStage({ kind: 'working', message: t('csv.preparingMedia') });
      const text = await file.text();
      const accounts = await importAccounts(api);
      const prepared = await prepareImport(text, parseImportCsv(text), { accounts, timeZone: zone, queue: true }, mediaResolver(api, mediaFiles, words, abort.current.signal));
      const total = prepared.rows.length;
      setStage({ kind: 'working', message: t('csv.checking', { done: 0, total }) });
      const outcomes = total ? await sendRows(api, prepared, true, (done) => setStage({ kind: 'working', message: t('csv.checking', { done, total }) })) : [];
      setStage({ kind: 'checked', prepared, report: reportOf(prepared, outcomes) });
    } catch (error) {
      setStage({ kind: 'failed', message: t('csv.readFailed', { message: (error as Error).message }) });
    }
  }

  async function runImport(prepared: PreparedImport) {
    const total = prepared.rows.length;
    try {
      setStage({ kind: 'working', message: t('csv.importing', { done: 0, total }) });
      const outcomes = await sendRows(api, prepared, false, (done) => setStage({ kind: 'working', message: t('csv.importing', { done, total }) }));
      setStage({ kind: 'imported', report: reportOf(prepared, outcomes) });
    } catch (error) {
      setStage({ kind: 'failed', message: t('csv.failed', { message: (error as Error).message }) });
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    }
  }

  const report = stage.kind === 'checked' || stage.kind === 'imported' ? stage.report : undefined;
  const count = (outcomes: ReadonlyArray<RowOutcome['outcome']>) => report?.filter((line) => outcomes.includes(line.outcome)).length ?? 0;
  const ready = count(['accepted']);

  return (
    <Dialog closeLabel={t('csv.close')} onClose={onClose} size="wide" className="csv-import-dialog" aria-describedby={ids.intro}>
      <DialogTitle className="dialog-title">{t('csv.dialogTitle')}</DialogTitle>
      <p id={ids.intro} className="hint">
        {t('csv.intro')}
      </p>
      {(stage.kind === 'choose' || stage.kind === 'failed') && (
        <div className="csv-import-form">
          <div className="csv-template">
            <button type="button" className="button secondary" onClick={() => saveFile('oneclick-posts-template.csv', importTemplate())}>
              <Download size={16} aria-hidden="true" /> {t('csv.template')}
            </button>
            <span className="hint">{t('csv.templateHint')}</span>
          </div>
          <div className="field">
            <label htmlFor={ids.file}>{t('csv.fileLabel')}</label>
            <input id={ids.file} type="file" accept=".csv,text/csv" onChange={(event) => setFile(event.target.files?.[0])} />
            <span className="hint">{t('csv.fileHint')}</span>
          </div>
          <div className="field">
            <label htmlFor={ids.media}>{t('csv.mediaLabel')}</label>
            <input id={ids.media} type="file" multiple accept="image/*,video/*,application/pdf" onChange={(event) => setMediaFiles([...(event.target.files ?? [])])} />
            <span className="hint">
              {mediaFiles.length ? `${t('csv.mediaChosen', { count: mediaFiles.length })}. ` : ''}
              {t('csv.mediaHint')}
            </span>
          </div>
          <p className="hint">{t('csv.timeZoneNote', { zone })}</p>
          {stage.kind === 'failed' && <ErrorBox>{stage.message}</ErrorBox>}
          <div className="dialog-actions">
            <button type="button" className="button primary" disabled={!file} onClick={() => void check()}>
              <FileUp size={16} aria-hidden="true" /> {t('csv.check')}
            </button>
          </div>
        </div>
      )}
      {stage.kind === 'working' && (
        <div className="csv-working" role="status">
          <Spinner label={stage.message} />
          <span>{stage.message}</span>
        </div>
      )}
      {report && (
        <>
          <p className="csv-summary" role="status">
            {stage.kind === 'checked'
              ? t('csv.checkedSummary', { total: report.length, accepted: ready, refused: count(['refused']) })
              : t('csv.importedSummary', { total: report.length, created: count(createdOutcomes), already: count(['alreadyImported']), refused: count(['refused']) })}
          </p>
          {/* Focusable, so the report scrolls by keyboard too. */}
          <div className="csv-report-scroll" tabIndex={0} role="region" aria-label={t('csv.reportLabel')}>
            <table className="csv-report" aria-label={t('csv.reportLabel')}>
              <thead>
                <tr>
                  <th scope="col">{t('csv.line')}</th>
                  <th scope="col">{t('csv.outcome')}</th>
                  <th scope="col">{t('csv.details')}</th>
                </tr>
              </thead>
              <tbody>
                {report.map((line) => (
                  <tr key={line.line} className={`csv-row csv-row-${line.outcome}`}>
                    <td>{line.line}</td>
                    <td>
                      <span className={`csv-outcome csv-outcome-${line.outcome}`}>{line.becomes ? t(`csv.becomes.${line.becomes}`) : t(`csv.outcomes.${line.outcome}`)}</span>
                    </td>
                    <td>
                      {line.problems.length > 0 && (
                        <ul className="csv-problems">
                          {line.problems.map((problem, index) => (
                            <li key={index}>
                              <code>{problem.column || t('csv.wholeRow')}</code> {problem.message}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => setStage({ kind: 'choose' })}>
              {t('csv.importAgain')}
            </button>
            {stage.kind === 'checked' && ready > 0 && (
              <button type="button" className="button primary" onClick={() => void runImport(stage.prepared)}>
                {t('csv.importRows', { count: ready })}
              </button>
            )}
            {stage.kind === 'imported' && (
              <button type="button" className="button primary" onClick={onClose}>
                {t('csv.close')}
              </button>
            )}
          </div>
        </>
      )}
    </Dialog>
  );
}
