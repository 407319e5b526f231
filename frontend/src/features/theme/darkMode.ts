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

/** Dark mode: stored under darkMode, defaulting to the system preference. */
export function useDarkMode(): [boolean, () => void] {
  const [dark, setDark] = useState(initialDarkMode);
  useEffect(() => applyDarkMode(dark), [dark]);
  const toggle = useCallback(() => {
    setDark((current) => {
      localStorage.setItem(darkModeKey, String(!current));
      return !current;
    });
  }, []);
  return [dark, toggle];
}
