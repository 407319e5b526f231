import type { activityEn } from './activity.en';

export const activityTr: typeof activityEn = {
  title: 'Etkinlik',
  intro: 'Bu çalışma alanında kimin neyi ne zaman yaptığı, en yenisi önce.',
  kind: 'Ne',
  allKinds: 'Her şey',
  member: 'Kim',
  allMembers: 'Herkes',
  empty: 'Burada henüz bir şey olmadı.',
  emptyFiltered: 'Bu filtrelere uyan bir şey yok.',
  more: 'Daha eskileri göster',
  loadingMore: 'Yükleniyor…',
  system: 'OneClick',
  client: '{{name}} (müşteri, inceleme bağlantısı)',
  kinds: {
    connection: {
      connected: 'bir hesap bağladı',
      disconnected: 'bir hesabın bağlantısını kesti',
    },
    post: {
      created: 'bir gönderi oluşturdu',
      edited: 'bir gönderiyi düzenledi',
      rescheduled: 'bir gönderiyi yeniden zamanladı',
      cancelled: 'zamanlanmış bir gönderiyi iptal etti',
      deleted: 'bir gönderiyi sildi',
      retried: 'bir gönderiyi yeniden denedi',
      submitted: 'bir gönderiyi onaya gönderdi',
      approved: 'bir gönderiyi onayladı',
      rejected: 'bir gönderiyi reddetti',
      changesRequested: 'bir gönderide değişiklik istedi',
      commented: 'bir gönderiye yorum yaptı',
      published: 'bir gönderiyi yayınladı',
      failed: 'bir gönderiyi yayınlayamadı',
    },
    draft: {
      saved: 'bir taslak kaydetti',
    },
    member: {
      invited: 'bir üye davet etti',
      invitationRevoked: 'bir daveti geri çekti',
      joined: 'çalışma alanına katıldı',
      roleChanged: 'bir üyenin rolünü değiştirdi',
      removed: 'bir üyeyi çıkardı',
      left: 'çalışma alanından ayrıldı',
    },
    workspace: {
      ownershipTransferred: 'sahipliği devretti',
      updated: 'çalışma alanının ayarlarını değiştirdi',
    },
    reviewLink: {
      created: 'bir inceleme bağlantısı oluşturdu',
      revoked: 'bir inceleme bağlantısını iptal etti',
    },
    apiKey: {
      created: 'bir API anahtarı oluşturdu',
      revoked: 'bir API anahtarını iptal etti',
    },
    review: {
      approved: 'bir gönderiyi onayladı',
      commented: 'bir gönderiye yorum yaptı',
    },
    queue: {
      slotsChanged: 'bir hesabın sıra saatlerini değiştirdi',
      paused: 'bir hesabın sırasını duraklattı',
      resumed: 'bir hesabın sırasını sürdürdü',
      reordered: 'bir hesabın sırasını yeniden düzenledi',
      slotSkipped: 'bir sıra saatini atladı',
      slotRestored: 'atlanan bir sıra saatini yeniden kullandı',
    },
    feed: {
      added: 'bir akışı takip etmeye başladı',
      changed: 'bir akışı değiştirdi',
      removed: 'bir akışı takip etmeyi bıraktı',
    },
    posts: {
      imported: 'bir CSV dosyasından gönderi içe aktardı',
    },
  },
  details: {
    platform: '{{platform}} üzerinde',
    email: '{{email}}',
    role: '{{role}} olarak',
    count_one: '({{count}} gönderi veya taslak)',
    count_other: '({{count}} gönderi ve taslak)',
  },
};
