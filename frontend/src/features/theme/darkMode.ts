import { useCallback, useEffect, useState } from 'react';

/** The spec's local-storage key; values 'true' / 'false'. */
export const darkModeKey = 'darkMode';

function initialDarkMode(): boolean {
  const stored = localStorage.getItem(darkModeKey);
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

export function applyDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/** Announced when the theme is set elsewhere (Settings), so every toggle shows it at once. */
const themeChanged = 'oneclick:theme-changed';

/** The saved theme: light or dark is stored under darkMode; 'system' removes it (the system preference rules). */
export function setThemePreference(theme: 'system' | 'light' | 'dark'): void {
  if (theme === 'system') localStorage.removeItem(darkModeKey);
  else localStorage.setItem(darkModeKey, String(theme === 'dark'));
  applyDarkMode(initialDarkMode());
  window.dispatchEvent(new Event(themeChanged));
}

/** The theme as stored now: 'system' when nothing is stored. */
export function themePreference(): 'system' | 'light' | 'dark' {
  const stored = localStorage.getItem(darkModeKey);
  return stored === 'true' ? 'dark' : stored === 'false' ? 'light' : 'system';
}

/** Dark mode: stored under darkMode, defaulting to the system preference. */
export function useDarkMode(): [boolean, () => void] {
  const [dark, setDark] = useState(initialDarkMode);
  useEffect(() => applyDarkMode(dark), [dark]);
  useEffect(() => {
    const follow = () => setDark(initialDarkMode());
    window.addEventListener(themeChanged, follow);
    return () => window.removeEventListener(themeChanged, follow);
  }, []);
  const toggle = useCallback(() => {
    setDark((current) => {
      localStorage.setItem(darkModeKey, String(!current));
      return !current;
    });
  }, []);
  return [dark, toggle];
}
