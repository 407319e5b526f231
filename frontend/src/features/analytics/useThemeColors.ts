import { useEffect, useState } from 'react';

export interface ThemeColors {
  text: string;
  muted: string;
  border: string;
  primary: string;
  accent: string;
}

function read(): ThemeColors {
  const style = getComputedStyle(document.documentElement);
  const value = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: value('--text', '#1b1b2f'),
    muted: value('--muted', '#5b5b72'),
    border: value('--border', '#e2e2ec'),
    primary: value('--primary', '#4f46e5'),
    accent: value('--analytics-accent', '#d97706'),
  };
}

/** The theme's colours for the canvas chart, read again when dark mode is switched. */
export function useThemeColors(): ThemeColors {
  const [colors, setColors] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return colors;
}
