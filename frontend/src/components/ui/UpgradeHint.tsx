import { useTranslation } from 'react-i18next';

/** The operator command that changes a plan (the README's scripts; docs/operations.md, "Memberships"): there is no billing in the app. */
export const setMembershipCommand = 'npm run set-membership -- --email <your e-mail> --type admin';

/** What "upgrade" means on this deployment: ask whoever runs it, who runs one command. */
export function UpgradeHint({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <p className="hint upgrade-how" id={id}>
      {t('ui.upgradeHow', { command: '' }).trim()} <code>{setMembershipCommand}</code>
    </p>
  );
}
