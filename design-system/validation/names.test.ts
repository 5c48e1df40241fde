import { describe, expect, it } from 'vitest';
import { isValidName, NAME_MAX_LENGTH, nameRuleMessage } from './names.ts';

describe('isValidName (SPEC.md §5)', () => {
  it.each([
    'a',
    'My project',
    'Take 2 (final)',
    '[draft] v1.2, rev-3',
    'x'.repeat(NAME_MAX_LENGTH),
    '-single leading hyphen',
    'trailing double hyphen--',
    'a--b',
  ])('accepts %j', (name) => {
    expect(isValidName(name)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['41 characters', 'x'.repeat(NAME_MAX_LENGTH + 1)],
    ['a leading double hyphen', '--name'],
    ['only a double hyphen', '--'],
    ['an underscore', 'my_project'],
    ['a slash', 'a/b'],
    ['an apostrophe', "Bob's"],
    ['a non-latin letter', 'Привет'],
    ['an accented letter', 'café'],
    ['an emoji', 'song 🎵'],
    ['a tab', 'a\tb'],
    ['a newline', 'a\nb'],
    ['curly braces', '{name}'],
  ])('rejects %s', (_, name) => {
    expect(isValidName(name)).toBe(false);
  });

  it('carries the message SPEC.md quotes, word for word', () => {
    expect(nameRuleMessage.defaultMessage).toBe(
      'Must contain only latin letters, numbers, parenthesis, square brackets, dots or commas, length should be between 1 and 40 characters',
    );
  });
});
