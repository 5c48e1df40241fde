import type { ReactNode } from 'react';
import {
  CheckboxGroup as AriaCheckboxGroup,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
} from 'react-aria-components';
import { FieldDescription, FieldErrorText, FieldLabel, type FieldProps } from '../private/field/Field.tsx';
import { useRequiredValidate } from '../private/field/validation.ts';
import { checkboxGroup, options, type CheckboxGroupVariants } from './CheckboxGroup.css.ts';

export interface CheckboxGroupProps
  extends Omit<AriaCheckboxGroupProps, 'className' | 'style' | 'children'>, FieldProps {
  /** The Checkbox elements, each with a `value`. */
  children: ReactNode;
  /**
   * How the checkboxes are laid out.
   * @default 'vertical'
   */
  orientation?: CheckboxGroupVariants['orientation'];
}

const isNoneChecked = (value: string[]) => value.length === 0;

/**
 * A labelled group of Checkboxes over React Aria's CheckboxGroup: its value is the list of the checked
 * boxes' `value`s, and its label, description and error belong to the group.
 */
export function CheckboxGroup({
  label,
  description,
  errorMessage,
  children,
  orientation,
  isRequired,
  validate,
  ...props
}: CheckboxGroupProps) {
  const validateWithRequired = useRequiredValidate(isRequired, isNoneChecked, validate);
  return (
    <AriaCheckboxGroup {...props} isRequired={isRequired} validate={validateWithRequired} className={checkboxGroup()}>
      {label != null && <FieldLabel isRequired={isRequired}>{label}</FieldLabel>}
      {description != null && <FieldDescription>{description}</FieldDescription>}
      <div className={options({ orientation })}>{children}</div>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaCheckboxGroup>
  );
}
