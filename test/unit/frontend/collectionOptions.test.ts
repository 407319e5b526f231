import { describe, expect, it } from 'vitest';
import { linkProblem } from '../../../frontend/src/features/posts/wizard/options/CollectionOptions';
import { createCollectionSchema, COLLECTION_NAME_MAX } from '../../../shared/api/collections';
import { platforms } from '../../../shared/platforms';
import { postOptionRules } from '../../../shared/platforms/postOptions';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';
import { platformModules } from '../../../functions/platforms/registry';
import { createPlatformHttp } from '../../../functions/platforms/http';
import { clock, credentials } from '../functions/platforms/harness';

describe("a post's collection (board) and link in the options form", () => {
  it('takes an http or https link and says what is wrong with any other, or a longer one', () => {
    expect(linkProblem('https://northwind.example/menu', 2048)).toBeUndefined();
    expect(linkProblem('http://northwind.example', 2048)).toBeUndefined();
    for (const link of ['javascript:alert(1)', 'ftp://files.example/a', 'northwind.example', 'https://', 'mailto:a@b.example']) expect(linkProblem(link, 2048), link).toBe('invalid');
    expect(linkProblem(`https://n.example/${'a'.repeat(30)}`, 30)).toBe('tooLong');
  });

  it("names a new collection in 1 to 100 characters, trimmed, in words otherwise", () => {
    expect(createCollectionSchema.parse({ name: ' Recipes ' })).toEqual({ name: 'Recipes' });
    expect(createCollectionSchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe('Give the new collection a name.');
    expect(createCollectionSchema.safeParse({ name: 'x'.repeat(COLLECTION_NAME_MAX + 1) }).error?.issues[0]?.message).toBe(`A collection name can be at most ${COLLECTION_NAME_MAX} characters.`);
    expect(createCollectionSchema.safeParse({ name: 'A', privacy: 'SECRET' }).success).toBe(false);
  });

  it('has every generic word of the picker and the link field in English and Turkish', () => {
    expect(Object.keys(tr.postOptions.collection).sort()).toEqual(Object.keys(en.postOptions.collection).sort());
    expect(Object.keys(tr.postOptions.link).sort()).toEqual(Object.keys(en.postOptions.link).sort());
    for (const messages of [en, tr]) for (const text of [...Object.values(messages.postOptions.collection), ...Object.values(messages.postOptions.link)]) expect(text).toBeTruthy();
  });

  it("lists and makes collections through the adapter of every network whose rule asks for one, and heads its form in both languages", () => {
    for (const platform of platforms) {
      const rule = postOptionRules[platform];
      const module = platformModules[platform];
      const adapter = module.createAdapter({ credentials, hosts: { ...module.hosts }, http: createPlatformHttp(platform), clock, options: module.readOptions({}) });
      expect(Boolean(adapter.collections) && Boolean(adapter.createCollection), platform).toBe(Boolean(rule?.collection));
      if (!rule?.collection && !rule?.link) continue;
      expect(rule.editor, platform).toBe('audience');
      if (rule.collection) expect(Object.keys((rule.schema as unknown as { shape: Record<string, unknown> }).shape), platform).toContain(rule.collection.field);
      for (const messages of [en, tr]) expect((messages.postOptions.audience as unknown as Record<string, { heading?: string }>)[platform]?.heading, platform).toBeTruthy();
    }
  });
});
