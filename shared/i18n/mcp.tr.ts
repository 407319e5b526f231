import type { mcpEn } from './mcp.en';

/** Bir MCP istemcisinin oturum açmasıyla açılan onay sayfası (/connect-assistant; docs/mcp.md). */
export const mcpTr: typeof mcpEn = {
  title: 'Bir asistan bağla',
  asks: '“{{client}}”, OneClick’i sizin adınıza kullanmak istiyor.',
  returnsTo: 'Yanıtınızdan sonra {{origin}} adresine dönersiniz.',
  signInFirst: 'Asistanın neler yapabileceğini seçmek için oturum açın.',
  signIn: 'Oturum aç',
  workspace: 'Çalışma alanı',
  workspaceHint: 'Asistan yalnızca bu çalışma alanında, buradaki rolünüzle çalışır.',
  scopes: 'Asistanın yapabilecekleri',
  noScope: 'En az birini seçin.',
  allow: 'İzin ver',
  deny: 'Reddet',
  sending: 'Geri gönderiliyorsunuz…',
  revokeHint: 'Bağlantıyı istediğiniz zaman Ayarlar › API anahtarları bölümünden kaldırabilirsiniz.',
  badRequest: 'Bu bağlantı kullanılamaz: {{reason}} Asistandan yeniden bağlanmayı başlatın.',
};
