import { useContext, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  Button,
  Select as AriaSelect,
  SelectStateContext,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { Icon } from '../Icon/index.ts';
import { FieldDescription, FieldErrorText, FieldLabel, type FieldProps } from '../private/field/Field.tsx';
import { FieldListBox, FieldOption, FieldPopover, type FieldOptionProps } from '../private/field/ListBox.tsx';
import { useRequiredState } from '../private/field/validation.ts';
import { chevron, select, trigger, value } from './Select.css.ts';

const messages = defineMessages({
  placeholder: { id: 'ds.select.placeholder', defaultMessage: 'Select an option' },
});

/** One option of the `options` shorthand. */
export interface SelectOption {
  /** The key reported by `onChange` and matched by `value`. */
  id: Key;
  /** What the option says. */
  label: string;
  /** Whether the option can not be chosen. */
  isDisabled?: boolean;
}

export interface SelectProps<T extends object = SelectOption>
  extends Omit<AriaSelectProps<T, 'single'>, 'className' | 'style' | 'children' | 'selectionMode'>, FieldProps {
  /**
   * The options as data: `{ id, label }` objects. The shorthand for a plain list; use `items` with a
   * `children` function (or SelectItem children) for anything else.
   */
  options?: ReadonlyArray<SelectOption>;
  /** The options as any objects with an `id` (or `key`), rendered by the `children` function. */
  items?: Iterable<T>;
  /** SelectItem elements, or a function that renders a SelectItem for each of `items`. */
  children?: ReactNode | ((item: T) => ReactNode);
  /**
   * What the trigger says while nothing is selected.
   * @default 'Select an option' (translated)
   */
  placeholder?: string;
}

/** Reports a missing required value after a submit of an aria Form (see private/field/validation.ts). */
function RequiredCheck({ isRequired }: { isRequired?: boolean }) {
  const state = useContext(SelectStateContext);
  useRequiredState(state, isRequired, state?.value == null);
  return null;
}

/**
 * A single-choice dropdown over React Aria's Select: a button that opens a listbox in a popover.
 * Keyboard: Enter, Space or Arrow Down opens it, arrows move, Enter selects, Escape closes, and typing
 * jumps to a matching option, even while closed.
 */
export function Select<T extends object = SelectOption>({
  label,
  description,
  errorMessage,
  placeholder,
  options,
  items,
  children,
  isRequired,
  ...props
}: SelectProps<T>) {
  const intl = useIntl();
  return (
    <AriaSelect
      {...props}
      isRequired={isRequired}
      placeholder={placeholder ?? intl.formatMessage(messages.placeholder)}
      className={select()}
    >
      {label != null && <FieldLabel isRequired={isRequired}>{label}</FieldLabel>}
      {description != null && <FieldDescription>{description}</FieldDescription>}
      <Button className={trigger}>
        <SelectValue className={value} />
        <span className={chevron}>
          <Icon name="chevronDown" />
        </span>
      </Button>
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <RequiredCheck isRequired={isRequired} />
      <FieldPopover>
        {options ? (
          <FieldListBox items={options}>
            {(option) => (
              <FieldOption id={option.id} isDisabled={option.isDisabled}>
                {option.label}
              </FieldOption>
            )}
          </FieldListBox>
        ) : (
          <FieldListBox items={items}>{children}</FieldListBox>
        )}
      </FieldPopover>
    </AriaSelect>
  );
}

/** An option of a Select: `id` is its key, the children what it says (`textValue` when not plain text). */
export const SelectItem = FieldOption;

/** The props of a SelectItem: React Aria's ListBoxItem props (`id`, `textValue`, `isDisabled`…) and its text. */
export type SelectItemProps<T extends object = object> = FieldOptionProps<T>;
