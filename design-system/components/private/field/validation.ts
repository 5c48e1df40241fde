import { createContext, useCallback, useContext, useLayoutEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { setInteractionModality, type ValidationResult } from 'react-aria-components';

const messages = defineMessages({
  required: { id: 'ds.field.required', defaultMessage: 'This field is required.' },
});

/**
 * How many times the enclosing Form was submitted with validationBehavior="aria" since it mounted or was
 * reset. React Aria checks required fields only with native validation; with aria validation our Form
 * counts submits here and each field shows its required error from the first submit on.
 */
export const FormSubmitContext = createContext(0);

type ValidationError = string | string[];
type Validate<T> = (value: T) => ValidationError | true | null | undefined;

/**
 * A `validate` function for a React Aria field that adds the required check of an aria Form to the
 * caller's own. For fields whose value is never null (text, number, checkbox, checkbox group, combo box).
 */
export function useRequiredValidate<T>(
  isRequired: boolean | undefined,
  isEmpty: (value: T) => boolean,
  validate: Validate<T> | undefined,
): Validate<T> | undefined {
  const submits = useContext(FormSubmitContext);
  const message = useIntl().formatMessage(messages.required);
  const checksRequired = submits > 0 && !!isRequired;
  const combined = useCallback(
    (value: T) => (checksRequired && isEmpty(value) ? message : validate?.(value)),
    [checksRequired, isEmpty, message, validate],
  );
  return checksRequired ? combined : validate;
}

const VALID: ValidationResult = {
  isInvalid: false,
  validationErrors: [],
  validationDetails: {
    badInput: false,
    customError: false,
    patternMismatch: false,
    rangeOverflow: false,
    rangeUnderflow: false,
    stepMismatch: false,
    tooLong: false,
    tooShort: false,
    typeMismatch: false,
    valueMissing: false,
    valid: true,
  },
};

/**
 * The required check of an aria Form for Select and RadioGroup, whose `validate` React Aria skips while
 * nothing is selected. Call it from a child of the React Aria component with its state: it reports
 * `valueMissing` through the state's own `updateValidation`, as native validation does.
 */
export function useRequiredState(
  state: { updateValidation(result: ValidationResult): void } | null,
  isRequired: boolean | undefined,
  isEmpty: boolean,
) {
  const submits = useContext(FormSubmitContext);
  const message = useIntl().formatMessage(messages.required);
  const isMissing = submits > 0 && !!isRequired && isEmpty;
  const reported = useRef(false);
  // A layout effect, so the error is in the DOM before Form looks for the first invalid field.
  useLayoutEffect(() => {
    if (!state) return;
    if (isMissing) {
      reported.current = true;
      state.updateValidation({
        isInvalid: true,
        validationErrors: [message],
        validationDetails: { ...VALID.validationDetails, valueMissing: true, valid: false },
      });
    } else if (reported.current) {
      reported.current = false;
      state.updateValidation(VALID);
    }
  }, [state, isMissing, message]);
}

const FOCUSABLE = 'input, textarea, select, button, [tabindex]';

function isFocusTarget(el: Element): el is HTMLElement {
  return (
    el instanceof HTMLElement &&
    el.matches(FOCUSABLE) &&
    el.tabIndex >= 0 &&
    !el.matches(':disabled') &&
    !(el instanceof HTMLInputElement && el.type === 'hidden') &&
    !el.closest('[aria-hidden="true"], [inert]')
  );
}

/**
 * Moves focus to the first invalid field in `root` (React Aria marks fields with data-invalid and their
 * inputs with aria-invalid), with a visible focus ring as React Aria does for native validation.
 * Returns whether there was one.
 */
export function focusFirstInvalid(root: HTMLElement): boolean {
  for (const invalid of root.querySelectorAll('[data-invalid], [aria-invalid="true"]')) {
    const target = isFocusTarget(invalid)
      ? invalid
      : ([...invalid.querySelectorAll(FOCUSABLE)].find(isFocusTarget) ?? null);
    if (target) {
      setInteractionModality('keyboard');
      target.focus();
      return true;
    }
  }
  return false;
}
