import type { postsEn } from './posts.en';

/** Turkish messages of the posts feature (merged into tr.ts); the same keys as posts.en.ts. */
export const postsTr: typeof postsEn = {
  filterLabel: 'Platform',
  allPlatforms: 'Tüm Platformlar',
  empty: {
    published: 'Henüz yayınlanmış gönderi yok',
    scheduled: 'Henüz zamanlanmış gönderi yok',
  },
  loading: 'Gönderiler yükleniyor…',
  loadFailed: 'Gönderileriniz yüklenemedi.',
  loadMore: 'Daha fazla yükle',
  loadingMore: 'Daha fazlası yükleniyor…',
  untitled: 'Başlıksız Gönderi',
  noDescription: 'Açıklama yok',
  createdAt: 'Oluşturulma: {{date}}',
  scheduledFor: 'Yayın zamanı: {{date}}',
  platforms: 'Platformlar',
  media: {
    image: 'Görsel',
    video: 'Video',
    none: 'Medya yok',
    previewUnavailable: 'Önizleme henüz kullanılamıyor',
  },
  status: {
    scheduled: 'Zamanlandı',
    publishing: 'Yayınlanıyor',
    published: 'Yayınlandı',
    partially_published: 'Kısmen yayınlandı',
    failed: 'Başarısız',
    cancelled: 'İptal edildi',
  },
  targetStatus: {
    pending: 'Bekliyor',
    uploading: 'Yükleniyor',
    processing: 'İşleniyor',
    published: 'Yayınlandı',
    failed: 'Başarısız',
  },
  target: '{{platform}} · {{account}}',
  viewPost: 'Gönderiyi görüntüle',
  viewPostOn: 'Gönderiyi {{platform}} üzerinde görüntüle',
  retry: 'Başarısızları yeniden dene',
  retrying: 'Yeniden deneniyor…',
  retryFailed: 'Yeniden deneme başlatılamadı: {{message}}',
  close: 'Kapat',
  openPost: 'Gönderiyi aç',
};
