import type { mediaEn } from './media.en';

/** Depolama kotası ve gönderi silme (Türkçe). */
export const mediaTr: typeof mediaEn = {
  storage: {
    used: 'Depolama: {{max}} alanın {{used}} kadarı kullanılıyor (medya ve İçeriklerim)',
    usedUnlimited: 'Depolama: {{used}} kullanılıyor (planınızda sınır yok)',
    meter: 'Kullanılan depolama',
    failed: 'Depolama kullanımınız yüklenemedi.',
  },
  deletePost: {
    action: 'Sil',
    title: 'Bu gönderi silinsin mi?',
    historyOnly:
      'Bu işlem gönderiyi yalnızca OneClick\'ten kaldırır. Platformlarda yayınlanan içerik yerinde kalır; kaldırmak isterseniz oradan silin.',
    alsoMedia_one: 'Dosyasını da sil (başka bir gönderi kullanmıyorsa) ve alanını boşalt',
    alsoMedia_other: '{{count}} dosyasını da sil (başka gönderilerin kullanmadıkları) ve alanlarını boşalt',
    cancelFirst: 'Bu gönderi zamanlanmış. Önce iptal edin, sonra silin.',
    keep: 'Gönderiyi koru',
    confirm: 'Gönderiyi sil',
    deleting: 'Siliniyor…',
  },
};
