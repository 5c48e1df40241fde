import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  Input,
  TextField as AriaTextField,
  ToggleButton,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { Icon } from '../Icon/index.ts';
import { FieldDescription, FieldErrorText, FieldLabel, type FieldProps } from '../private/field/Field.tsx';
import { useRequiredValidate } from '../private/field/validation.ts';
import { control, input, passwordField, toggle } from './PasswordField.css.ts';

const messages = defineMessages({
  show: { id: 'ds.passwordField.show', defaultMessage: 'Show password' },
});

export interface PasswordFieldProps
  extends Omit<AriaTextFieldProps, 'className' | 'style' | 'children' | 'type'>, FieldProps {
  /** A hint inside the empty field. Never a replacement for the label. */
  placeholder?: string;
  /**
   * What the browser's password manager should offer: `current-password` to log in, `new-password` to
   * sign up or change it.
   * @default 'current-password'
   */
  autoComplete?: 'current-password' | 'new-password';
  /**
   * Whether the password starts visible (uncontrolled).
   * @default false
   */
  defaultVisible?: boolean;
}

const isEmpty = (value: string) => value === '';

/**
 * A password input with a show/hide toggle button. The toggle is a React Aria ToggleButton (aria-pressed)
 * named "Show password" whose pressed state says whether the password is shown (one name with a changing
 * state, so a screen reader never hears the confusing "Hide password, pressed"); pressing it keeps focus.
 */
export function PasswordField({
  label,
  description,
  errorMessage,
  placeholder,
  autoComplete = 'current-password',
  defaultVisible = false,
  isRequired,
  validate,
  ...props
}: PasswordFieldProps) {
  const intl = useIntl();
  const [visible, setVisible] = useState(defaultVisible);
  const validateWithRequired = useRequiredValidate(isRequired, isEmpty, validate);
  return (
    <AriaTextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      isRequired={isRequired}
      validate={validateWithRequired}
      className={passwordField()}
    >
      {label != null && <FieldLabel isRequired={isRequired}>{label}</FieldLabel>}
      {description != null && <FieldDescription>{description}</FieldDescription>}
      <div className={control}>
        <Input placeholder={placeholder} className={input} autoCapitalize="none" autoCorrect="off" spellCheck={false} />
        <ToggleButton
          isSelected={visible}
          onChange={setVisible}
          isDisabled={props.isDisabled}
          aria-label={intl.formatMessage(messages.show)}
          className={toggle}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} />
        </ToggleButton>
      </div>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}
