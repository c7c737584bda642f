import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordProblems } from './password';

describe('password rules (docs/product-rules.md §5)', () => {
  it('accepts 8+ characters with a letter, a number and a symbol', () => {
    expect(isStrongPassword('Demo1234!')).toBe(true);
    expect(isStrongPassword('κωδικός1!')).toBe(true);
  });

  it('lists every rule a password breaks', () => {
    expect(passwordProblems('')).toEqual(['required']);
    expect(passwordProblems('a1!')).toEqual(['too_short']);
    expect(passwordProblems('abcdefgh')).toEqual(['needs_number', 'needs_symbol']);
    expect(passwordProblems('12345678!')).toEqual(['needs_letter']);
    expect(passwordProblems('abcd1234')).toEqual(['needs_symbol']);
    expect(passwordProblems(`a1!${'x'.repeat(298)}`)).toEqual(['too_long']);
  });

  it('accepts exactly 8 and exactly 300 characters', () => {
    expect(passwordProblems('abcd123!')).toEqual([]);
    expect(passwordProblems(`a1!${'x'.repeat(297)}`)).toEqual([]);
  });

  it('calls a password that breaks any rule not strong', () => {
    expect(isStrongPassword('abcd1234')).toBe(false);
    expect(isStrongPassword('')).toBe(false);
  });

  it('does not count a space as the symbol', () => {
    expect(passwordProblems('abcd 1234')).toEqual(['needs_symbol']);
  });
});
