import { defineMessages, useIntl } from 'react-intl';
import {
  Button,
  Input,
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components';
import { Icon } from '../Icon/index.ts';
import { FieldDescription, FieldErrorText, FieldLabel, type FieldProps } from '../private/field/Field.tsx';
import { useRequiredValidate } from '../private/field/validation.ts';
import { clearButton, control, input, searchField, searchIcon } from './SearchField.css.ts';

const messages = defineMessages({
  clear: { id: 'ds.searchField.clear', defaultMessage: 'Clear search' },
});

export interface SearchFieldProps extends Omit<AriaSearchFieldProps, 'className' | 'style' | 'children'>, FieldProps {
  /** A hint inside the empty field, e.g. "Voice name". Never a replacement for the label. */
  placeholder?: string;
}

const isBlank = (value: string) => value.trim() === '';

/**
 * A search input over React Aria's SearchField: Enter submits (`onSubmit`), Escape clears (`onClear`),
 * and the clear button is there for pointer users (keyboard users have Escape, so it is not a tab stop).
 */
export function SearchField({
  label,
  description,
  errorMessage,
  placeholder,
  isRequired,
  validate,
  ...props
}: SearchFieldProps) {
  const intl = useIntl();
  const validateWithRequired = useRequiredValidate(isRequired, isBlank, validate);
  return (
    <AriaSearchField {...props} isRequired={isRequired} validate={validateWithRequired} className={searchField()}>
      {label != null && <FieldLabel isRequired={isRequired}>{label}</FieldLabel>}
      {description != null && <FieldDescription>{description}</FieldDescription>}
      <div className={control}>
        <span className={searchIcon}>
          <Icon name="search" />
        </span>
        <Input placeholder={placeholder} className={input} />
        <Button aria-label={intl.formatMessage(messages.clear)} className={clearButton}>
          <Icon name="close" />
        </Button>
      </div>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaSearchField>
  );
}
