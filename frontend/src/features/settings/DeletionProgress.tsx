import { useTranslation } from 'react-i18next';
import type { AccountDeletion } from '../../../../shared/api/account';
import { ErrorBox, Spinner } from '../../components/ui/Form';
import { ApiError } from '../../lib/apiClient';
import { useDeleteAccount } from './api';

/**
 * A deletion under way (a background task): each step done or left, live; when it stopped (it
 * failed, or its run was cut off), at which step, in the page's language, and "Continue
 * deletion", which finishes it. (The API's `error` says the same in English, for other clients.)
 */
export function DeletionProgress({ progress }: { progress: AccountDeletion }) {
  const { t, i18n } = useTranslation();
  const resume = useDeleteAccount();
  const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const stoppedAt = progress.steps.find((step) => !step.done)?.step;
  const running = !progress.stalled || resume.isPending;
  return (
    <section className="card settings-section settings-danger" aria-labelledby="settings-deletion" data-testid="deletion-progress">
      <h2 id="settings-deletion">{t('settings.deletion.title')}</h2>
      {progress.startedAt && <p className="field-hint">{t('settings.deletion.startedAt', { date: formatDate(progress.startedAt) })}</p>}
      <ol className="settings-usage">
        {progress.steps.map((step) => (
          <li key={step.step}>
            {t(`settings.deletion.steps.${step.step}`)} — {step.done ? t('settings.deletion.stepDone') : t('settings.deletion.stepLeft')}
          </li>
        ))}
      </ol>
      <div aria-live="polite">
        {running && <Spinner label={t('settings.deletion.running')} />}
        {!running && (
          <ErrorBox>
            {t('settings.deletion.stalled', { step: stoppedAt ? t(`settings.deletion.steps.${stoppedAt}`) : '' })}
          </ErrorBox>
        )}
        {resume.isError && <ErrorBox>{t('settings.delete.failed', { reason: resume.error instanceof ApiError || resume.error instanceof Error ? resume.error.message : t('common.genericError') })}</ErrorBox>}
      </div>
      {progress.stalled && (
        <button type="button" className="button danger" onClick={() => resume.mutate('')} disabled={resume.isPending}>
          {resume.isPending ? t('settings.deletion.continuing') : t('settings.deletion.continue')}
        </button>
      )}
    </section>
  );
}
