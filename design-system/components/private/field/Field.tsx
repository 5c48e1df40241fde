import type { ReactNode } from 'react';
import { FieldError, Label, Text, type ValidationResult } from 'react-aria-components';
import { Icon } from '../../Icon/index.ts';
import * as styles from './field.css.ts';

/** The props every labelled field shares: its label, its help text and the text of its error. */
export interface FieldProps {
  /**
   * The visible label. Leave it out only when the field is labelled another way (`aria-label` or
   * `aria-labelledby`); a field needs a name.
   */
  label?: ReactNode;
  /** Help text shown with the field; screen readers hear it as the field's description. */
  description?: ReactNode;
  /**
   * The error shown when the field is invalid. By default the field shows the errors it was given
   * (its `validate` function, the Form's `validationErrors`, or the required check of an aria Form).
   */
  errorMessage?: ReactNode | ((validation: ValidationResult) => ReactNode);
}

/** The field's label, with a visual asterisk when required (screen readers get aria-required instead). */
export function FieldLabel({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  return (
    <Label className={styles.label}>
      {children}
      {isRequired ? (
        <span aria-hidden="true" className={styles.requiredMark}>
          *
        </span>
      ) : null}
    </Label>
  );
}

/** Help text, wired to the field's aria-describedby by React Aria. */
export function FieldDescription({ children }: { children: ReactNode }) {
  return (
    <Text slot="description" className={styles.description}>
      {children}
    </Text>
  );
}

/**
 * The error text, rendered by React Aria's FieldError only while the field is invalid and wired to the
 * field's aria-describedby.
 */
export function FieldErrorText({ children }: { children?: FieldProps['errorMessage'] }) {
  return (
    <FieldError className={styles.error}>
      {(validation) => {
        const message =
          typeof children === 'function' ? children(validation) : (children ?? validation.validationErrors.join(' '));
        return message ? (
          <>
            <Icon name="error" size="sm" />
            <span>{message}</span>
          </>
        ) : null;
      }}
    </FieldError>
  );
}
