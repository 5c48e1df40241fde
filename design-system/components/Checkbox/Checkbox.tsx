import type { ReactNode } from 'react';
import {
  CheckboxButton,
  CheckboxField,
  Text,
  type CheckboxFieldProps as AriaCheckboxFieldProps,
} from 'react-aria-components';
import { Icon } from '../Icon/index.ts';
import { FieldErrorText, type FieldProps } from '../private/field/Field.tsx';
import { description as descriptionText } from '../private/field/field.css.ts';
import { useRequiredValidate } from '../private/field/validation.ts';
import { box, button, checkbox, description as descriptionOffset } from './Checkbox.css.ts';

export interface CheckboxProps
  extends Omit<AriaCheckboxFieldProps, 'className' | 'style' | 'children'>, Omit<FieldProps, 'label'> {
  /** The label: what ticking the box means. */
  children: ReactNode;
}

const isUnchecked = (isSelected: boolean) => !isSelected;

/**
 * A checkbox over React Aria's CheckboxField and CheckboxButton: the whole label is the target, Space
 * toggles it. Inside a CheckboxGroup it takes its `value` from there and the group shows the error.
 */
export function Checkbox({ children, description, errorMessage, isRequired, validate, ...props }: CheckboxProps) {
  const validateWithRequired = useRequiredValidate(isRequired, isUnchecked, validate);
  return (
    <CheckboxField {...props} isRequired={isRequired} validate={validateWithRequired} className={checkbox()}>
      {({ isIndeterminate }) => (
        <>
          <CheckboxButton className={button}>
            <span className={box()}>
              <Icon name={isIndeterminate ? 'minus' : 'check'} size="sm" />
            </span>
            <span>{children}</span>
          </CheckboxButton>
          {description != null && (
            <Text slot="description" className={`${descriptionText} ${descriptionOffset}`}>
              {description}
            </Text>
          )}
          <FieldErrorText>{errorMessage}</FieldErrorText>
        </>
      )}
    </CheckboxField>
  );
}
