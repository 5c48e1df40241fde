import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  isValidPassword,
  isValidPersonName,
  isValidShortText,
  validateEmail,
  validatePassword,
  validatePersonName,
  validateRepeat,
} from './validation.ts';

describe('SPEC.md section 5 field rules', () => {
  it.each([
    ['ada@example.com', true],
    ['ada.lovelace+timbre@mail.example.co.uk', true],
    ["o'hara@example.io", true],
    ['ada@localhost', false],
    ['ada@', false],
    ['@example.com', false],
    ['ada example@example.com', false],
    ['ada@@example.com', false],
    ['ada@example..com', false],
    [`${'a'.repeat(245)}@example.com`, false],
  ])('e-mail %s → %s', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });

  it.each([
    ['Al', true],
    ['Mary-Jane', true],
    ["O'Brien", true],
    ['A'.repeat(20), true],
    ['A', false],
    ['A'.repeat(21), false],
    ['Ann Lee', false],
    ['Zoë', false],
    ['R2D2', false],
  ])('name %s → %s', (value, valid) => {
    expect(isValidPersonName(value)).toBe(valid);
  });

  it.each([
    ['Secret#1', true],
    ['Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!', true],
    ['Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!x', false],
    ['Secre#1', false],
    ['secret#12', false],
    ['SECRET#12', false],
    ['Secret#ab', false],
    ['Secret123', false],
  ])('password %s → %s', (value, valid) => {
    expect(isValidPassword(value)).toBe(valid);
  });

  it('other text fields: 2-32 characters', () => {
    expect(isValidShortText('PR')).toBe(true);
    expect(isValidShortText('A')).toBe(false);
    expect(isValidShortText('x'.repeat(32))).toBe(true);
    expect(isValidShortText('x'.repeat(33))).toBe(false);
  });

  it('validators name the rule, and leave an empty value to the required check', () => {
    expect(validateEmail('')).toBeNull();
    expect(validateEmail(' ada@example.com ')).toBeNull();
    expect(validateEmail('ada')).toBe('auth.validation.email');
    expect(validatePersonName('A')).toBe('auth.validation.name');
    expect(validatePassword('short')).toBe('auth.validation.password');
    expect(validatePassword('Secret#1')).toBeNull();
    expect(validateRepeat('Secret#1')('Secret#2')).toBe('auth.validation.passwordRepeat');
    expect(validateRepeat('Secret#1')('Secret#1')).toBeNull();
  });
});
