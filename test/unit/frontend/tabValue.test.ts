import { afterEach, describe, expect, it, vi } from 'vitest';
import { tabValue } from '../../../frontend/src/lib/tabValue';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) };
}

describe('a value kept in the tab across a sign-in', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is taken once, under its own key', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const invitation = tabValue('oneclick_pending_invitation');
    const assistant = tabValue('oneclick_pending_assistant');
    invitation.keep('token-1');
    expect(assistant.take()).toBeUndefined();
    expect(invitation.take()).toBe('token-1');
    expect(invitation.take()).toBeUndefined();
  });

  it('keeps nothing and takes nothing when the storage refuses', () => {
    vi.stubGlobal('sessionStorage', { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => undefined });
    const value = tabValue('oneclick_pending_invitation');
    expect(() => value.keep('token-1')).not.toThrow();
    expect(value.take()).toBeUndefined();
  });
});
