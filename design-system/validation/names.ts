/** The longest name SPEC.md §5 allows for projects, folders, recordings, calibrations and conversions. */
export const NAME_MAX_LENGTH = 40;

// SPEC.md §5: 1-40 characters of latin letters (ASCII), digits, parentheses, square brackets, dots, commas,
// hyphens and spaces, and no leading double hyphen.
const NAME_PATTERN = /^(?!--)[A-Za-z0-9()[\].,\- ]{1,40}$/;

/**
 * The name rule of SPEC.md §5, for names of projects, folders, recordings, calibrations and conversions.
 * The message to show when it fails is `nameRuleMessage` (quoted word for word from the spec).
 */
export function isValidName(name: string): boolean {
  return NAME_PATTERN.test(name);
}

/** The react-intl descriptor of the message SPEC.md §5 quotes for a name that breaks the rule. */
export const nameRuleMessage = {
  id: 'ds.validation.name',
  defaultMessage:
    'Must contain only latin letters, numbers, parenthesis, square brackets, dots or commas, length should be between 1 and 40 characters',
} as const;
