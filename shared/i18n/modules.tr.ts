import type { modulesEn } from './modules.en';

/** Turkish messages of the embedded modules (merged into tr.ts); the spec's Turkish texts where it gives them. */
export const modulesTr: typeof modulesEn = {
  loading: '{{name}} modülü yükleniyor...',
  frameTitle: '{{name}} modülü',
  retry: 'Tekrar dene',
  notConfigured: 'Bu modül bu kurulumda kullanılamıyor.',
  errors: {
    notSignedIn: 'Kullanıcı oturumu bulunamadı. Lütfen giriş yapın.',
    tokenFailed: 'Custom token alınamadı.',
    generic: 'Bir hata oluştu. Lütfen daha sonra tekrar deneyin.',
    loadFailed: {
      influencer: 'Influencer modülü yüklenemedi. Lütfen daha sonra tekrar deneyin.',
      podcast: 'Podcast modülü yüklenemedi.',
      imageGenerator: 'Image generator yüklenemedi.',
    },
  },
  autotoon: {
    notSignedIn: 'Kullanıcı giriş yapmamış. Lütfen önce giriş yapın.',
    setupFailed: 'Kimlik doğrulama kurulamadı',
    tokenMissing: 'Custom token alınamadı',
    loadError: 'AutoToon yüklenirken hata oluştu',
    couldNotLoad: 'AutoToon yüklenemedi. Lütfen daha sonra tekrar deneyin.',
    status: {
      requestingToken: 'Oturum açma anahtarı isteniyor…',
      loadingFrame: 'Anahtar alındı; AutoToon yükleniyor…',
      ready: 'AutoToon hazır.',
      completed: 'Animasyon tamamlandı; İçeriğim açılıyor…',
    },
  },
};
