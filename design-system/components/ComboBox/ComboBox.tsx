import { useCallback, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  Button,
  ComboBox as AriaComboBox,
  Input,
  type ComboBoxProps as AriaComboBoxProps,
  type Key,
} from 'react-aria-components';
import { Icon } from '../Icon/index.ts';
import { FieldDescription, FieldErrorText, FieldLabel, type FieldProps } from '../private/field/Field.tsx';
import {
  FieldEmptyState,
  FieldListBox,
  FieldOption,
  FieldPopover,
  type FieldOptionProps,
} from '../private/field/ListBox.tsx';
import { useRequiredValidate } from '../private/field/validation.ts';
import { button, comboBox, control, input } from './ComboBox.css.ts';

const messages = defineMessages({
  noResults: { id: 'ds.comboBox.noResults', defaultMessage: 'No matches' },
});

/** One option of the `options` shorthand. */
export interface ComboBoxOption {
  /** The key reported by `onChange` and matched by `value`. */
  id: Key;
  /** What the option says; typing filters on it. */
  label: string;
  /** Whether the option can not be chosen. */
  isDisabled?: boolean;
}

export interface ComboBoxProps<T extends object = ComboBoxOption>
  extends Omit<AriaComboBoxProps<T, 'single'>, 'className' | 'style' | 'children' | 'selectionMode'>, FieldProps {
  /**
   * The options as data: `{ id, label }` objects, filtered as the user types. The shorthand for a plain
   * list; use `defaultItems` (filtered for you) or `items` (you filter) with a `children` function otherwise.
   */
  options?: ReadonlyArray<ComboBoxOption>;
  /** ComboBoxItem elements, or a function that renders a ComboBoxItem for each item. */
  children?: ReactNode | ((item: T) => ReactNode);
  /** A hint inside the empty input. Never a replacement for the label. */
  placeholder?: string;
  /**
   * Whether the list stays open, saying "No matches", when nothing matches what was typed.
   * @default true
   */
  allowsEmptyCollection?: boolean;
}

type ValidationValue = { value: Key | null; inputValue: string };

/**
 * A text input with a filtered list of suggestions, over React Aria's ComboBox. Typing opens the list,
 * Arrow Down/Up move through it (focus stays in the input), Enter selects, Escape closes then clears.
 */
export function ComboBox<T extends object = ComboBoxOption>({
  label,
  description,
  errorMessage,
  placeholder,
  options,
  children,
  isRequired,
  validate,
  allowsCustomValue,
  allowsEmptyCollection = true,
  ...props
}: ComboBoxProps<T>) {
  const intl = useIntl();
  const isEmpty = useCallback(
    ({ value, inputValue }: ValidationValue) => (allowsCustomValue ? inputValue.trim() === '' : value == null),
    [allowsCustomValue],
  );
  const validateWithRequired = useRequiredValidate(isRequired, isEmpty, validate);
  const renderEmptyState = () => <FieldEmptyState>{intl.formatMessage(messages.noResults)}</FieldEmptyState>;
  const list = options ? (
    <FieldListBox<ComboBoxOption> renderEmptyState={renderEmptyState}>
      {(option) => (
        <FieldOption id={option.id} isDisabled={option.isDisabled}>
          {option.label}
        </FieldOption>
      )}
    </FieldListBox>
  ) : (
    <FieldListBox<T> renderEmptyState={renderEmptyState}>{children}</FieldListBox>
  );
  return (
    <AriaComboBox
      {...props}
      // The options shorthand is a list React Aria filters as the user types.
      {...(options ? { defaultItems: options as unknown as Iterable<T> } : {})}
      allowsCustomValue={allowsCustomValue}
      allowsEmptyCollection={allowsEmptyCollection}
      isRequired={isRequired}
      validate={validateWithRequired}
      className={comboBox()}
    >
      {label != null && <FieldLabel isRequired={isRequired}>{label}</FieldLabel>}
      {description != null && <FieldDescription>{description}</FieldDescription>}
      <div className={control}>
        <Input placeholder={placeholder} className={input} />
        <Button className={button}>
          <Icon name="chevronDown" />
        </Button>
      </div>
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <FieldPopover>{list}</FieldPopover>
    </AriaComboBox>
  );
}

/** An option of a ComboBox: `id` is its key, the children what it says (`textValue` when not plain text). */
export const ComboBoxItem = FieldOption;

/** The props of a ComboBoxItem: React Aria's ListBoxItem props (`id`, `textValue`, `isDisabled`…) and its text. */
export type ComboBoxItemProps<T extends object = object> = FieldOptionProps<T>;
