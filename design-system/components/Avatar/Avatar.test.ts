import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Cher', 'C'],
    ['  Jean  Luc   Picard ', 'JP'],
    ['Émile Zola', 'ÉZ'],
    ['𝒜lex Smith', '𝒜S'],
    ['', ''],
    ['   ', ''],
  ])('%j gives %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
