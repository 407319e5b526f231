import { describe, expect, it } from 'vitest';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keys(item, `${prefix}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
  return [prefix];
}

describe('messages', () => {
  it('has every English message in Turkish too', () => {
    expect(keys(tr)).toEqual(keys(en));
  });

  it('has no empty message in either language', () => {
    for (const messages of [en, tr]) {
      const empty = keys(messages).filter((key) => {
        const value = key.split(/\.|\[|\]/).filter(Boolean).reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('keeps the legal pages\' section counts: privacy 10, terms 8', () => {
    for (const messages of [en, tr]) {
      expect(messages.privacy.sections).toHaveLength(10);
      expect(messages.terms.sections).toHaveLength(8);
    }
  });

  it('uses the spec\'s exact sign-in texts', () => {
    expect(en.auth.signIn).toBe('Sign in');
    expect(en.auth.signingIn).toBe('Signing in...');
    expect(en.auth.invalidCredentials).toBe('Invalid email or password');
    expect(en.landing.heroTitle).toBe('Simplify Your Social Media Management');
    expect(en.nav.notSignedIn).toBe('Not signed in');
    expect(en.nav.signOut).toBe('Sign Out');
  });
});
