import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown, FileUp } from 'lucide-react';
import type { PostList } from '../../../../../shared/api/posts';
import type { Platform } from '../../../../../shared/platforms';
import { useApi } from '../../../lib/useApi';
import { exportPosts } from './api';
import './csv.css';

/** The dialog and its CSV parser load when the dialog opens. */
const ImportDialog = lazy(() => import('./ImportDialog').then((module) => ({ default: module.ImportDialog })));

/** The lists' CSV buttons: export what the list's filter shows; import opens the import dialog. */
export function CsvActions({ list, platform, canImport }: { list: PostList; platform: Platform | undefined; canImport: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'failed'; text: string }>();
  // An optional date range (days in the workspace's time zone, as the export reads them).
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const id = useId();

  async function exportList() {
    setExporting(true);
    setOutcome(undefined);
    try {
      const rows = await exportPosts(api, { status: list, ...(platform ? { platform } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) });
      setOutcome({ kind: 'done', text: t('csv.exported', { count: rows }) });
    } catch (error) {
      setOutcome({ kind: 'failed', text: t('csv.exportFailed', { message: (error as Error).message }) });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="csv-actions">
      <span className="csv-export-range">
        <label htmlFor={`${id}-from`}>{t('csv.exportFrom')}</label>
        <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        <label htmlFor={`${id}-to`}>{t('csv.exportTo')}</label>
        <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
      </span>
      <button type="button" className="button secondary" disabled={exporting} onClick={() => void exportList()}>
        <FileDown size={16} aria-hidden="true" /> {exporting ? t('csv.exporting') : t('csv.exportButton')}
      </button>
      {canImport && (
        <button type="button" className="button secondary" onClick={() => setImporting(true)}>
          <FileUp size={16} aria-hidden="true" /> {t('csv.importButton')}
        </button>
      )}
      <span className={`csv-export-outcome ${outcome?.kind === 'failed' ? 'csv-export-failed' : 'hint'}`} role="status">
        {outcome?.text}
      </span>
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </div>
  );
}
