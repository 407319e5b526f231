import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';

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

/** English by default; the browser's language when we have it; the user's choice is remembered. */
export async function initI18n(): Promise<void> {
  await i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, tr: { translation: tr } },
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
