import { describe, expect, it } from 'vitest';
import { rememberReturnPath, safeReturnPath, takeReturnPath, withSearch } from '../../../frontend/src/lib/returnTo';

const origin = 'https://app.example.com';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('the return path after connecting an account', () => {
  it('accepts the app\'s own signed-in pages, with their query', () => {
    expect(safeReturnPath('/dashboard', origin)).toBe('/dashboard');
    expect(safeReturnPath('/new-post', origin)).toBe('/new-post');
    expect(safeReturnPath('/dashboard/posts/drafts?x=1', origin)).toBe('/dashboard/posts/drafts?x=1');
  });

  it('refuses every way out of the app: other origins, protocol-relative and backslash tricks, schemes, other pages', () => {
    for (const value of [
      'https://evil.example.com/dashboard',
      '//evil.example.com/dashboard',
      '/\\evil.example.com/dashboard',
      '\\\\evil.example.com',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'dashboard',
      '/login',
      '/dashboardx',
      '/dashboard/../login',
      '/dashboard/%2e%2e/login',
      '/dashboard\n//evil.example.com',
      `/dashboard?${'a'.repeat(600)}`,
      '',
      undefined,
      42,
    ]) {
      expect(safeReturnPath(value, origin), String(value)).toBeUndefined();
    }
  });

  it('is remembered only when safe, and taken once', () => {
    const storage = memoryStorage();
    expect(rememberReturnPath('/dashboard', origin, storage)).toBe(true);
    expect(takeReturnPath(origin, storage)).toBe('/dashboard');
    expect(takeReturnPath(origin, storage)).toBeUndefined();

    expect(rememberReturnPath('/dashboard', origin, storage)).toBe(true);
    expect(rememberReturnPath('https://evil.example.com/', origin, storage)).toBe(false);
    expect(takeReturnPath(origin, storage), 'a refused value also forgets the earlier one').toBeUndefined();
  });

  it('checks a stored value again when it is taken (storage is not trusted)', () => {
    const storage = memoryStorage();
    storage.values.set('oneclick_return_to', '//evil.example.com');
    expect(takeReturnPath(origin, storage)).toBeUndefined();
    expect(storage.values.size).toBe(0);
  });

  it('carries the connection outcome on the return path', () => {
    expect(withSearch('/dashboard', '?platform=x&status=connected')).toBe('/dashboard?platform=x&status=connected');
    expect(withSearch('/dashboard?tab=1', '?platform=x')).toBe('/dashboard?tab=1&platform=x');
    expect(withSearch('/dashboard', '')).toBe('/dashboard');
  });
});
