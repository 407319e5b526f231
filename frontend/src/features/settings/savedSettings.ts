import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSettings } from '../../../../shared/api/account';
import { isTimeZone } from '../../../../shared/timeZone';
import { setThemePreference } from '../theme';
import { useAccount } from './api';
import { useCurrentWorkspace } from '../workspaces';

/** The saved time zone, kept in local storage so the schedule picker can default to it at once. */
const timeZoneKey = 'oneclick.timeZone';
/** Saved settings are applied once per browser session (the sidebar's switches may change them after). */
const appliedKey = 'oneclick.settingsApplied';

export function savedTimeZone(): string | undefined {
  const zone = localStorage.getItem(timeZoneKey);
  return zone && isTimeZone(zone) ? zone : undefined;
}

export function rememberTimeZone(zone: string | undefined): void {
  if (zone) localStorage.setItem(timeZoneKey, zone);
  else localStorage.removeItem(timeZoneKey);
}

/** The browser's own time zone. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The zone scheduled times are shown and chosen in: the one chosen in Settings (the account's,
 * or the one this browser remembers until the account has loaded), else the browser's own.
 */
export function useSchedulingTimeZone(): { zone: string; fromSettings: boolean } {
  const account = useAccount();
  // A shared workspace's own time zone wins: its schedules and calendar read the same for every member.
  const workspace = useCurrentWorkspace();
  const chosen = workspace.data?.timeZone ?? (account.data ? account.data.settings?.timeZone : savedTimeZone());
  return chosen ? { zone: chosen, fromSettings: true } : { zone: browserZone(), fromSettings: false };
}

export function applySettings(settings: AccountSettings, changeLanguage: (language: string) => unknown): void {
  rememberTimeZone(settings.timeZone);
  void changeLanguage(settings.language);
  setThemePreference(settings.theme);
}

/**
 * In the dashboard: the user's saved settings (from any device) become this browser's language,
 * theme and scheduling time zone, once per session.
 */
export function useApplySavedSettings(): void {
  const account = useAccount();
  const { i18n } = useTranslation();
  const settings = account.data?.settings;
  const userId = account.data?.userId;
  useEffect(() => {
    if (!userId) return;
    if (!settings) {
      rememberTimeZone(undefined);
      return;
    }
    rememberTimeZone(settings.timeZone);
    if (sessionStorage.getItem(appliedKey) === userId) return;
    sessionStorage.setItem(appliedKey, userId);
    applySettings(settings, (language) => i18n.changeLanguage(language));
  }, [userId, settings, i18n]);
}

export function ApplySavedSettings(): null {
  useApplySavedSettings();
  return null;
}
