import { useTranslation } from 'react-i18next';
import { platforms, sandboxOnlyPlatforms, type Platform } from '../../../../shared/platforms';
import { platformList } from './platformList';

/**
 * What to say about the networks proven only against OneClick's platform sandbox: all of them in
 * one sentence, some by name, or nothing once every network has been tried live.
 */
export function sandboxOnlyMessage(sandboxOnly: readonly Platform[], all: readonly Platform[]): { key: 'ui.sandboxOnlyAll' } | { key: 'ui.sandboxOnly'; named: readonly Platform[] } | undefined {
  if (sandboxOnly.length === 0) return undefined;
  return sandboxOnly.length === all.length ? { key: 'ui.sandboxOnlyAll' } : { key: 'ui.sandboxOnly', named: sandboxOnly };
}

/** Says which networks have been proven only against the sandbox (each platform's `verifiedAgainst`). */
export function SandboxOnlyNote({ className = 'hint' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const message = sandboxOnlyMessage(sandboxOnlyPlatforms, platforms);
  if (!message) return null;
  return (
    <p className={className} data-testid="sandbox-only">
      {message.key === 'ui.sandboxOnlyAll' ? t(message.key) : t(message.key, { networks: platformList(message.named, i18n.language) })}
    </p>
  );
}
