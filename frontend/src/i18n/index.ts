import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
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

/** English by default; the browser's language when we have it; the user's choice is remembered. */
export async function initI18n(): Promise<void> {
  await i18n
    .use(lazyBundles)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: 'en',
      supportedLngs: [...supportedLanguages],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      returnObjects: true,
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: languageStorageKey,
        caches: ['localStorage'],
      },
    });
  const apply = (language: string) => (document.documentElement.lang = language);
  apply(i18n.resolvedLanguage ?? 'en');
  i18n.on('languageChanged', apply);
}

export { i18n };
