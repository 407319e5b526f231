import type { contentEn } from './content.en';

/** Turkish messages of My Content (merged into tr.ts); the same keys as content.en.ts. */
export const contentTr: typeof contentEn = {
  filterLabel: 'Göster',
  filters: {
    all: 'Tüm İçerik',
    video: 'Videolar',
    podcast: 'Podcast\'ler',
  },
  loading: 'İçeriğiniz yükleniyor…',
  loadMore: 'Daha fazla yükle',
  loadingMore: 'Daha fazlası yükleniyor…',
  empty: {
    all: { title: 'Henüz içerik yok', hint: 'Influencer, AutoToon veya Podcast ile oluşturduğunuz videolar ve podcast\'ler burada görünür.' },
    video: { title: 'Henüz video yok', hint: 'AutoToon veya Influencer ile bir video oluşturun, burada görünsün.' },
    podcast: { title: 'Henüz podcast yok', hint: 'Podcast modülüyle bir podcast oluşturun, burada görünsün.' },
  },
  goToDashboard: 'Panele Git',
  type: {
    video: 'Video',
    podcast: 'Podcast',
  },
  open: '{{name}} oynat',
  share: 'İçeriği Paylaş',
  download: 'İndir',
  delete: 'Sil',
  deleting: 'Siliniyor...',
  close: 'Kapat',
  confirmDelete: {
    title: 'Bu içerik silinsin mi?',
    body: '{{name}} dosyasıyla birlikte kalıcı olarak silinecek.',
    confirm: 'Sil',
    cancel: 'Vazgeç',
  },
  toasts: {
    loadFailed: 'İçeriğiniz yüklenemedi',
    storagePathMissing: 'Bu içeriğin depolama yolu bulunamadı',
    deleted: 'İçerik başarıyla silindi',
    deleteFailed: 'İçerik silinemedi',
    shareUrlMissing: 'İçerik paylaşılamıyor. URL bulunamadı.',
    dismiss: 'Kapat',
    region: 'Bildirimler',
  },
};
