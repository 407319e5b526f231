import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODULE_TOKEN_PARAM, type ModuleId } from '../../../../shared/api/modules';
import { useApi } from '../../lib/useApi';
import { ErrorBox, Spinner } from '../../components/ui/Form';
import { PageTitle } from '../../components/ui/PageTitle';
import { getConfig } from '../../config/env';
import { ApiError } from '../../lib/apiClient';
import { isAnimationComplete } from './animationComplete';
import './modules.css';

/** How long a module's page may take to load before we say it could not be loaded. */
const FRAME_LOAD_TIMEOUT_MS = 20_000;
/** Where generated content is listed (the content feature's queries are refreshed on arrival). */
const CONTENT_PATH = '/dashboard/content';

type Phase = 'token' | 'frame' | 'ready' | 'completed' | 'error';

/**
 * An embedded sibling module: a one-time token from our API, then the module's page in an
 * iframe with the token in the query. AutoToon also shows its status, a Retry button on error,
 * and goes to My Content when its frame posts ANIMATION_COMPLETE.
 */
export function ModulePage({ module }: { module: ModuleId }) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const moduleUrl = getConfig().modules?.[module];
  const autotoon = module === 'autotoon';
  const name = t(`nav.${module}`);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>('token');
  const [error, setError] = useState<string>();
  const [frameUrl, setFrameUrl] = useState<string>();

  const loadFailed = useCallback(
    () => (module === 'autotoon' ? t('modules.autotoon.couldNotLoad') : t(`modules.errors.loadFailed.${module}`)),
    [module, t],
  );

  const fail = useCallback((message: string) => {
    setError(message);
    setPhase('error');
  }, []);

  // A fresh one-time token on every attempt (a token works once).
  useEffect(() => {
    setPhase('token');
    setError(undefined);
    setFrameUrl(undefined);
    if (!moduleUrl) {
      fail(loadFailed());
      return;
    }
    let cancelled = false;
    api('createModuleToken', { body: { module } })
      .then(({ token }) => {
        if (cancelled) return;
        const url = new URL(moduleUrl);
        url.searchParams.set(MODULE_TOKEN_PARAM, token);
        setFrameUrl(url.toString());
        setPhase('frame');
      })
      .catch((problem: unknown) => {
        if (cancelled) return;
        if (problem instanceof ApiError && problem.status === 401) fail(autotoon ? t('modules.autotoon.notSignedIn') : t('modules.errors.notSignedIn'));
        else if (problem instanceof ApiError) fail(autotoon ? t('modules.autotoon.setupFailed') : t('modules.errors.tokenFailed'));
        else fail(autotoon ? t('modules.autotoon.tokenMissing') : t('modules.errors.generic'));
      });
    return () => {
      cancelled = true;
    };
  }, [api, module, moduleUrl, attempt, autotoon, fail, loadFailed, t]);

  // A page that never finishes loading is reported, not waited on forever.
  useEffect(() => {
    if (phase !== 'frame') return;
    const timer = setTimeout(() => fail(loadFailed()), FRAME_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [phase, fail, loadFailed]);

  const autotoonOrigin = useMemo(() => (autotoon && moduleUrl ? new URL(moduleUrl).origin : undefined), [autotoon, moduleUrl]);
  useEffect(() => {
    if (!autotoonOrigin) return;
    function onMessage(event: MessageEvent) {
      if (!isAnimationComplete(event, autotoonOrigin, frameRef.current?.contentWindow)) return;
      setPhase('completed');
      void queryClient.invalidateQueries({ queryKey: ['content'] });
      navigate(CONTENT_PATH);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [autotoonOrigin, navigate, queryClient]);

  const status =
    phase === 'token'
      ? t('modules.autotoon.status.requestingToken')
      : phase === 'frame'
        ? t('modules.autotoon.status.loadingFrame')
        : phase === 'ready'
          ? t('modules.autotoon.status.ready')
          : phase === 'completed'
            ? t('modules.autotoon.status.completed')
            : t('modules.autotoon.loadError');

  return (
    <section className="module-page">
      <div className="module-header">
        <PageTitle>{t(`pages.${module}`)}</PageTitle>
        {/* AutoToon's status (the spec's status text) as a small indicator beside the title. */}
        {autotoon && (
          <p className={`module-status badge phase-${phase}`} role="status">
            <span className="status-dot" aria-hidden="true" />
            {status}
          </p>
        )}
      </div>
      {phase === 'error' ? (
        <ErrorBox>
          <p>{error}</p>
          {autotoon && (
            <button type="button" className="button secondary" onClick={() => setAttempt((count) => count + 1)}>
              {t('modules.retry')}
            </button>
          )}
        </ErrorBox>
      ) : (
        (phase === 'token' || phase === 'frame') && <Spinner label={t('modules.loading', { name })} />
      )}
      {frameUrl && phase !== 'error' && (
        <iframe
          key={frameUrl}
          ref={frameRef}
          className={`module-frame${phase === 'frame' ? ' loading' : ''}`}
          src={frameUrl}
          title={t('modules.frameTitle', { name })}
          referrerPolicy="no-referrer"
          // The module runs its own scripts and forms on its own origin, but may not navigate the dashboard away.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
          allow="autoplay; fullscreen"
          onLoad={() => setPhase((current) => (current === 'frame' ? 'ready' : current))}
        />
      )}
    </section>
  );
}
