import type { Messages } from './en';

/** Turkish messages: the same keys as en.ts (the type check enforces it). */
import { postsTr } from './posts.tr';
import { schedulingTr } from './scheduling.tr';
import { wizardTr } from './wizard.tr';
import { postOptionsTr } from './postOptions.tr';
import { analyticsTr } from './analytics.tr';
import { contentTr } from './content.tr';
import { modulesTr } from './modules.tr';
import { settingsTr } from './settings.tr';
import { mediaTr } from './media.tr';
import { uiTr } from './ui.tr';
import { composerTr } from './composer.tr';

export const tr: Messages = {
  wizard: wizardTr,
  postOptions: postOptionsTr,
  posts: postsTr,
  scheduling: schedulingTr,
  analytics: analyticsTr,
  content: contentTr,
  modules: modulesTr,
  settings: settingsTr,
  media: mediaTr,
  ui: uiTr,
  composer: composerTr,
  common: {
    appName: 'OneClick',
    loading: 'Yükleniyor…',
    backToHome: 'Ana Sayfaya Dön',
    darkMode: 'Koyu tema',
    lightMode: 'Açık tema',
    language: 'Dil',
    languages: { en: 'English', tr: 'Türkçe' },
    genericError: 'Bir hata oluştu. Lütfen daha sonra tekrar deneyin.',
  },
  landing: {
    signIn: 'Giriş yap',
    heroTitle: 'Sosyal Medya Yönetiminizi Kolaylaştırın',
    heroSubtitle:
      'Bir video ya da görseli bir kez yükleyin, tek bir açıklama yazın ve {{networks}} hesaplarınızda hemen ya da seçtiğiniz zamanda yayınlayın.',
    getStarted: 'Hemen Başlayın',
    learnMore: 'Daha Fazla Bilgi',
    featuresTitle: 'Her yerde yayınlamak için ihtiyacınız olan her şey',
    features: {
      scheduling: {
        title: 'Platformlar arası zamanlama',
        body: 'Tüm ağlar için gönderileri tek bir takvimden planlayın, zamanında yayınlansın.',
      },
      accounts: {
        title: 'Tüm hesaplarınız tek panelde',
        body: '{{networks}} hesaplarınızı bağlayın ve birlikte yönetin.',
      },
      analytics: {
        title: 'Performans ve etkileşim takibi',
        body: 'Her gönderinin her platformdaki performansını tek yerden görün.',
      },
      oneClick: {
        title: 'Tek tıkla yayınlama',
        body: 'Tek yükleme, tek açıklama, tüm platformlar — her gönderi gittiği yere uygun biçimde.',
      },
      bestTimes: {
        title: 'En uygun paylaşım zamanları',
        body: 'Kendi sonuçlarınıza göre kitleniz dinlerken paylaşın.',
      },
      security: {
        title: 'Güvenli platform',
        body: 'Platform anahtarlarınız şifrelenir ve kimseye, size bile gösterilmez.',
      },
    },
    privacy: 'Gizlilik Politikası',
    terms: 'Hizmet Şartları',
    copyright: '© {{year}} OneClick. Tüm hakları saklıdır.',
  },
  auth: {
    email: 'E-posta',
    password: 'Şifre',
    signInTitle: 'OneClick\'e giriş yapın',
    signIn: 'Giriş yap',
    signingIn: 'Giriş yapılıyor...',
    invalidCredentials: 'Geçersiz e-posta veya şifre',
    unavailable: 'Kimlik doğrulama hizmetine şu anda ulaşılamıyor',
    failedInit: 'Kimlik doğrulama başlatılamadı',
    failedSignIn: 'Giriş yapılamadı',
    failedSignOut: 'Çıkış yapılamadı',
    emailRequired: 'E-posta adresinizi girin.',
    emailInvalid: 'Geçerli bir e-posta adresi girin.',
    passwordRequired: 'Şifrenizi girin.',
    noAccount: 'OneClick\'te yeni misiniz?',
    createAccount: 'Hesap oluşturun',
    forgotPassword: 'Şifrenizi mi unuttunuz?',
    haveAccount: 'Zaten hesabınız var mı?',
    signUpTitle: 'Hesabınızı oluşturun',
    signUp: 'Hesap oluştur',
    signingUp: 'Hesap oluşturuluyor...',
    confirmPassword: 'Şifreyi doğrulayın',
    passwordsDontMatch: 'İki şifre aynı değil.',
    passwordRulesTitle: 'Şifreniz şunları içermeli:',
    passwordRules: {
      minLength: 'en az {{count}} karakter',
      lowercase: 'bir küçük harf',
      uppercase: 'bir büyük harf',
      digit: 'bir rakam',
      symbol: 'bir sembol (örneğin ! ya da -)',
    },
    ageConfirmation: 'Hesap oluşturarak 13 yaşından büyük olduğunuzu ve Hizmet Şartlarını kabul ettiğinizi onaylarsınız.',
    confirmTitle: 'E-postanızı doğrulayın',
    confirmHint: '{{email}} adresine bir doğrulama kodu gönderdik. Kodu aşağıya girin.',
    code: 'Doğrulama kodu',
    codeRequired: 'E-postadaki kodu girin.',
    confirm: 'Doğrula',
    confirming: 'Doğrulanıyor...',
    resendCode: 'Yeni kod gönder',
    codeResent: 'Yeni kod gönderildi.',
    confirmed: 'E-postanız doğrulandı. Devam etmek için giriş yapın.',
    notConfirmed: 'Önce e-posta adresinizi doğrulayın: size gönderdiğimiz kodu girin.',
    accountDisabled: 'Bu hesap siliniyor; artık giriş yapılamaz.',
    resetTitle: 'Şifrenizi sıfırlayın',
    resetHint: 'E-postanızı girin, yeni şifre belirlemeniz için bir kod gönderelim.',
    sendCode: 'Kod gönder',
    sendingCode: 'Gönderiliyor...',
    resetCodeHint: '{{email}} adresine bir kod gönderdik. Kodu yeni şifrenizle birlikte girin.',
    newPassword: 'Yeni şifre',
    setPassword: 'Yeni şifreyi kaydet',
    settingPassword: 'Kaydediliyor...',
    passwordChanged: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapın.',
  },
  nav: {
    newPost: 'Yeni Gönderi',
    scheduled: 'Zamanlanmış',
    calendar: 'Takvim',
    posts: 'Gönderiler',
    analytics: 'Analizler',
    accounts: 'Hesaplar',
    content: 'İçerik',
    influencer: 'Influencer',
    autotoon: 'AutoToon',
    podcast: 'Podcast',
    imageGenerator: 'AI Görsel',
    settings: 'Ayarlar',
    notSignedIn: 'Giriş yapılmadı',
    signOut: 'Çıkış Yap',
    signingOut: 'Çıkış yapılıyor...',
    openMenu: 'Menüyü aç',
    closeMenu: 'Menüyü kapat',
    mainNavigation: 'Ana menü',
  },
  membership: {
    free: 'Ücretsiz plan',
    admin: 'Yönetici',
  },
  pages: {
    newPost: 'Yeni gönderi oluşturun',
    scheduled: 'Zamanlanmış Gönderiler',
    calendar: 'Takvim',
    posts: 'Yayınlanan Gönderiler',
    analytics: 'Analizler',
    accounts: 'Platform Seçin:',
    content: 'İçeriklerim',
    influencer: 'One Click Influencer',
    autotoon: 'AutoToon',
    podcast: 'Podcast',
    imageGenerator: 'AI Görsel',
  },
  callback: {
    connecting: 'Hesabınız bağlanıyor. Lütfen bekleyin...',
    chooseTitle: 'Bağlanacak {{platform}} hesaplarını seçin',
    chooseHint: '{{platform}} girişiniz bu hesapları yönetiyor. İşaretlediğiniz her biri OneClick\'e ayrı bir hesap olarak bağlanır.',
    chooseLegend: '{{platform}} hesapları',
    chooseTitle_facebook: 'Bağlanacak Facebook Sayfalarını seçin',
    chooseHint_facebook: 'Facebook girişiniz bu Sayfaları yönetiyor. İşaretlediğiniz her biri OneClick\'e ayrı bir hesap olarak bağlanır.',
    chooseLegend_facebook: 'Facebook Sayfaları',
    chooseTitle_linkedinPage: 'Bağlanacak LinkedIn Sayfalarını seçin',
    chooseHint_linkedinPage: 'LinkedIn girişiniz bu Sayfalar adına paylaşım yapabiliyor. İşaretlediğiniz her biri OneClick\'e ayrı bir hesap olarak bağlanır.',
    chooseLegend_linkedinPage: 'LinkedIn Sayfaları',
    chooseAtLeastOne: 'En az bir hesap seçin.',
    chooseSubmit: 'Seçilenleri bağla',
    choosing: 'Bağlanıyor...',
    chooseCancel: 'Vazgeç',
    chooseExpires: 'Bu seçim 15 dakika açık kalır.',
  },
  accounts: {
    notConnected: 'Bağlı değil',
    connecting: 'Bağlanıyor...',
    connected: 'Bağlandı',
    needsReconnect: 'Yeniden bağlanmalı',
    loadingInfo: '{{platform}} bilgileri yükleniyor...',
    connect: '{{platform}} bağla',
    connectAnother: 'Başka bir {{platform}} hesabı bağla',
    reconnect: 'Yeniden bağla',
    disconnect: '{{name}} bağlantısını kes ({{platform}})',
    disconnecting: 'Bağlantı kesiliyor...',
    accountId: 'Kimlik: {{id}}',
    notAvailable: 'Bu kurulumda kullanılamıyor',
    usage: '{{count}} / {{max}} hesap bağlı',
    usageUnlimited: '{{count}} hesap bağlı',
    reconnectSoon: 'Paylaşmaya devam etmek için {{date}} tarihinden önce yeniden bağlayın.',
    connectedNotice: '{{platform}} hesabınız bağlandı.',
    connectedSeveral: '{{count}} {{platform}} hesabı bağlandı.',
    connectedSeveral_facebook: '{{count}} Facebook Sayfası bağlandı.',
    connectedSeveral_linkedinPage: '{{count}} LinkedIn Sayfası bağlandı.',
    loadFailed: 'Sosyal bağlantı alınamadı',
    disconnectFailed: 'Sosyal bağlantı durumu güncellenemedi',
    access: {
      threads:
        "Meta bu kurulumun Threads uygulamasını App Review'da onaylayana kadar (threads_basic, threads_content_publish, threads_manage_replies, threads_read_replies, threads_manage_insights) yalnızca uygulamanın Threads test kullanıcıları bağlanabilir.",
      facebook:
        "Meta bu kurulumun Facebook uygulamasına App Review'da Advanced Access verene kadar (pages_show_list, pages_manage_posts, pages_read_engagement, read_insights, pages_manage_engagement) yalnızca uygulamada rolü olan kişiler Sayfalarını bağlayabilir.",
      linkedinPage:
        "LinkedIn Sayfaları için bu kurulumun kendi LinkedIn uygulamasının LinkedIn Community Management API için onaylanması gerekir (w_organization_social, r_organization_social, rw_organization_admin): Development katmanı geliştirme ve deneme içindir; herhangi bir Sayfa yöneticisi ancak LinkedIn'in Standard katmanı için yaptığı incelemeden sonra bağlanabilir.",
    },
    errors: {
      access_denied: 'OneClick\'e {{platform}} hesabınıza erişim izni vermediniz.',
      invalid_state: 'Bu bağlantı denemesinin süresi doldu ya da zaten kullanıldı. Lütfen yeniden bağlanın.',
      other_browser:
        'Bu bağlantı, başlatıldığı tarayıcıdan ya da sekmeden farklı birinde tamamlandı veya daha yeni bir deneme onun yerini aldı. Hiçbir hesap bağlanmadı. Lütfen bu tarayıcıdan yeniden bağlanın.',
      other_user:
        'Bu bağlantı, burada oturum açmış olandan farklı bir OneClick hesabıyla başlatıldı. Hiçbir hesap bağlanmadı. Bağlantıyı başlatan hesapla oturum açın ya da yeniden bağlanın.',
      signed_out: 'Bu tarayıcıda OneClick\'te oturum açın, ardından hesabı yeniden bağlayın. Hiçbir hesap bağlanmadı.',
      unknown: 'Hesap bağlanamadı. Hiçbir şey değişmedi. Lütfen yeniden deneyin.',
      missing_scopes: 'OneClick, {{platform}} için istediği tüm izinlere ihtiyaç duyar. Lütfen yeniden bağlanın ve hepsine izin verin.',
      quota_exceeded: 'Planınızın bağlı hesap sınırına ({{max}}) ulaşıldı. Başka bir hesap bağlamak için birinin bağlantısını kesin ya da planınızı yükseltin.',
      not_configured: '{{platform}} bu kurulumda yapılandırılmamış.',
      exchange_failed: '{{platform}} bağlantısı kurulamadı',
      no_channel: 'YouTube kanalı bulunamadı',
      no_accounts: '{{platform}} girişiniz OneClick\'in yayın yapabileceği hiçbir hesabı yönetmiyor. Hiçbir şey bağlanmadı.',
    },
  },
  notFound: {
    title: 'Sayfa bulunamadı',
    body: 'Aradığınız sayfa mevcut değil.',
  },
  privacy: {
    title: 'Gizlilik Politikası',
    intro:
      'Bu politika, OneClick\'i kullandığınızda neleri topladığımızı, nedenini ve seçeneklerinizi açıklar. OneClick\'i kullanmak için 13 yaşından büyük olmalısınız.',
    sections: [
      {
        title: '1. Topladığımız Bilgiler',
        body: 'Kişisel bilgiler: e-posta adresiniz; bağladığınız platformlardan adınız ya da kullanıcı adınız, platform sağlıyorsa e-postanız, profil fotoğrafınız ve sizin adınıza yayın yapmamızı sağlayan erişim anahtarları. Kişisel olmayan bilgiler: hizmetin çalışması için tarayıcı türü ve kullandığınız sayfalar gibi teknik veriler. TikTok API: TikTok\'u bağladığınızda kullanıcı adınızı, profil bilgilerinizi ve paylaşım etkinliğinizi alırız.',
      },
      {
        title: '2. Bilgilerinizi Nasıl Kullanırız',
        body: 'Bilgilerinizi giriş yapmanız, istediğiniz gönderileri yayınlamak ve zamanlamak, sonuçlarını göstermek ve hizmeti güvende tutmak için kullanırız.',
      },
      {
        title: '3. Bilgilerinizin Paylaşılması',
        body: 'Bilgilerinizi yalnızca bağladığınız sosyal platformlarla (gönderilerinizi yayınlamak için), OneClick\'i bizim için çalıştıran üçüncü taraf hizmetlerle ve yasanın gerektirdiği durumlarda paylaşırız. Bilgilerinizi satmayız.',
      },
      {
        title: '4. Verilerin Saklanması',
        body: 'Bilgilerinizi hesabınız var olduğu sürece saklarız. Platform anahtarları, bir hesabın bağlantısını kestiğinizde ya da OneClick hesabınızı sildiğinizde kaldırılır.',
      },
      {
        title: '5. Güvenlik',
        body: 'Platform anahtarları şifreli olarak saklanır ve uygulamada asla gösterilmez. Sistemlerimize erişim, her bölümün ihtiyacı ile sınırlıdır.',
      },
      {
        title: '6. TikTok API Uyumluluğu',
        body: 'TikTok API ile alınan veriler, TikTok\'un geliştirici şartlarının gerektirdiği gibi yalnızca içeriğinizi yayınlamak ve durumunu göstermek için kullanılır.',
      },
      {
        title: '7. Gizlilik Haklarınız',
        body: 'Verilerinize erişebilir, onları güncelleyebilir ya da silebilir, bir kopyasını isteyebilir ve istediğiniz zaman herhangi bir hesabın bağlantısını kesebilirsiniz.',
      },
      {
        title: '8. Üçüncü Taraf Bağlantıları',
        body: 'OneClick, yayın yaptığınız platformlara bağlantı verir. Orada o platformların kendi gizlilik politikaları geçerlidir.',
      },
      {
        title: '9. Bu Politikadaki Değişiklikler',
        body: 'Bu politikadaki her değişikliği, yürürlük tarihiyle birlikte bu sayfada yayınlarız.',
      },
      {
        title: '10. Bize Ulaşın',
        body: 'Bu politika hakkındaki sorularınız için: privacy@oneclick.example.',
      },
    ],
  },
  terms: {
    title: 'Hizmet Şartları',
    intro: 'Bu şartlar OneClick kullanımınızı düzenler.',
    sections: [
      {
        title: '1. Giriş',
        body: 'OneClick\'i kullanarak bu şartları kabul etmiş olursunuz. Kabul etmiyorsanız hizmeti kullanmayın.',
      },
      {
        title: '2. Kullanım Lisansı',
        body: 'Size, kendi içeriğinizi yönetmek ve yayınlamak için OneClick\'i kullanma konusunda kişisel ve devredilemez bir hak veririz.',
      },
      {
        title: '3. Hesap Şartları',
        body: '13 yaşından büyük olmalı, geçerli bir e-posta adresi vermeli ve şifrenizi güvende tutmalısınız. Hesabınızdan yayınlananlardan siz sorumlusunuz.',
      },
      {
        title: '4. İçerik Kuralları',
        body: 'İçeriğinizin hakları sizde kalır. İçeriği yayınlama hakkına sahip olmalısınız ve içerik gittiği her platformun kurallarına uymalıdır.',
      },
      {
        title: '5. Hizmet Değişiklikleri',
        body: 'Özellikleri değiştirebilir ya da sonlandırabiliriz. Verilerinizi etkileyen değişiklikleri önceden bildiririz.',
      },
      {
        title: '6. Üçüncü Taraf Hizmetler',
        body: 'Yayınlama, kontrolümüzde olmayan platformların kendi hizmetlerine ve şartlarına bağlıdır.',
      },
      {
        title: '7. Sorumluluğun Sınırlandırılması',
        body: 'OneClick olduğu gibi sunulur. Yasanın izin verdiği ölçüde, kullanımından doğan dolaylı kayıplardan sorumlu değiliz.',
      },
      {
        title: '8. İletişim',
        body: 'Bu şartlar hakkındaki sorularınız için: legal@oneclick.example.',
      },
    ],
  },
};
