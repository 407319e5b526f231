import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en } from '../../../shared/i18n/en';

export const supportedLanguages = ['en', 'tr'] as const;
export type Language = (typeof supportedLanguages)[number];
export const languageStorageKey = 'oneclick_language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnObjects: true;
  }
}

/**
 * Each language's texts are a chunk of their own, loaded when the language is first used (an
 * i18next backend, so changeLanguage waits for them): the first page carries one language only.
 */
const bundles: Record<string, () => Promise<ResourceKey>> = {
  en: async () => (await import('../../../shared/i18n/en')).en,
  tr: async () => (await import('../../../shared/i18n/tr')).tr,
};
const lazyBundles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    const load = bundles[language];
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * The language to start in: the one the user chose before (remembered in this browser), else the
 * browser's first language we have, else English. (Ten lines instead of a detector package: the
 * first page carries less.)
 */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  for (const candidate of [stored, ...browserLanguages]) {
    const base = candidate?.toLowerCase().split('-')[0];
    if ((supportedLanguages as readonly string[]).includes(base ?? '')) return base as Language;
  }
  return 'en';
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(languageStorageKey);
  } catch {
    return null;
  }
}

/** English by default; the browser's language when we have it; the user's choice is remembered. */
export async function initI18n(): Promise<void> {
  await i18n
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(storedLanguage(), navigator.languages ?? [navigator.language]),
      fallbackLng: 'en',
      supportedLngs: [...supportedLanguages],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      returnObjects: true,
      interpolation: { escapeValue: false },
    });
  const apply = (language: string) => (document.documentElement.lang = language);
  apply(i18n.resolvedLanguage ?? 'en');
  i18n.on('languageChanged', (language) => {
    apply(language);
    try {
      localStorage.setItem(languageStorageKey, language);
    } catch {
      // Storage refused (private mode): the choice holds for this visit only.
    }
  });
}

export { i18n };
