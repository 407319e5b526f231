import type { uiEn } from './ui.en';

/** Turkish messages of the shared interface pieces (merged into tr.ts). */
export const uiTr: typeof uiEn = {
  accountsHeading: 'Hesaplar',
  sandboxOnly: 'Yalnızca OneClick’in her ağın belgelerine göre yazılmış platform test ortamında doğrulandı, ağın kendisinde henüz denenmedi: {{networks}}.',
  sandboxOnlyAll: 'Hepsi yalnızca OneClick’in her ağın belgelerine göre yazılmış platform test ortamında doğrulandı; ağların kendisinde henüz denenmedi.',
  disconnectConfirm: {
    title: '{{platform}} hesabının bağlantısı kesilsin mi?',
    body: 'OneClick, {{platform}} üzerindeki {{name}} hesabına yayın yapmayı bırakacak ve erişim anahtarlarını silecek. Bu hesap için zamanlanmış gönderiler, hesabı yeniden bağlayana kadar başarısız olur.',
    confirm: 'Bağlantıyı kes',
    cancel: 'Vazgeç',
  },
  upgradeHow: 'Planlar uygulama içinden satılmaz: planınızı değiştirmesi için bu OneClick kurulumunu işleten kişiye başvurun. README’de anlatılan tek bir komutla yapılır:{{command}}',
  loadFailedChunk: 'Bu sayfa yüklenemedi. Bağlantınızı kontrol edip yeniden deneyin.',
  retry: 'Yeniden dene',
  loadingPage: 'Sayfa yükleniyor…',
  moduleStatus: 'Durum',
  timeZone: {
    search: 'Şehir veya saat dilimi arayın',
    yours: 'Tarayıcınızın saat dilimi',
    noMatch: '“{{query}}” ile eşleşen saat dilimi yok.',
    option: '{{city}} ({{offset}})',
  },
  emptyPosts: {
    scheduledHint: 'Yeni bir gönderinin 4. adımında bir zaman seçin; gönderi o zamana kadar burada bekler.',
    publishedHint: 'Yayınladığınız gönderiler, her ağın durumu ve bağlantısıyla burada görünür.',
    action: 'Gönderi oluştur',
  },
  landing: {
    badge: 'Bir kez yayınlayın. Her yerde.',
    screenshotAlt: 'OneClick paneli: birkaç ağda bir haftalık zamanlanmış gönderiler',
    networks: 'Yayın yapılan ağlar',
    promiseTitle: 'Her seferinde tam bir kez',
    promiseBody: 'Her gönderi her hesaba bir kez ulaşır: ağ aksaklığından sonraki yeniden deneme asla iki kez paylaşmaz; bir hata ise sözcüklerle ve yeniden deneme düğmesiyle gösterilir.',
  },
};
