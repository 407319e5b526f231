import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../../shared/resources/userPool';

describe('password rules', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordProblems('Str0ng-enough')).toEqual([]);
  });

  it('names each rule a password breaks', () => {
    expect(passwordProblems('short')).toEqual(['minLength', 'uppercase', 'digit', 'symbol']);
    expect(passwordProblems('ALLUPPER123!')).toEqual(['lowercase']);
  });
});
