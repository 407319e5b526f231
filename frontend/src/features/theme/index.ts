// What other features may use from theme; everything else in this folder is its own.
export { ThemeToggle } from './ThemeToggle';
export { setThemePreference, themePreference } from './darkMode';
