import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../frontend/src/i18n';

describe('detectLanguage', () => {
  it("starts in the language chosen before, else the browser's first one we have, else English", () => {
    expect(detectLanguage('tr', ['en-US'])).toBe('tr');
    expect(detectLanguage(null, ['de-DE', 'tr-TR', 'en'])).toBe('tr');
    expect(detectLanguage(null, ['EN-gb'])).toBe('en');
    expect(detectLanguage('fr', ['de'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });
});
