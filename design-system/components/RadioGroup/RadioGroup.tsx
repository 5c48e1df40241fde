import { useContext, type ReactNode } from 'react';
import {
  RadioButton,
  RadioField,
  RadioGroup as AriaRadioGroup,
  RadioGroupStateContext,
  Text,
  type RadioFieldProps as AriaRadioFieldProps,
  type RadioGroupProps as AriaRadioGroupProps,
} from 'react-aria-components';
import { FieldDescription, FieldErrorText, FieldLabel, type FieldProps } from '../private/field/Field.tsx';
import { description as descriptionText } from '../private/field/field.css.ts';
import { useRequiredState } from '../private/field/validation.ts';
import {
  button,
  circle,
  description as descriptionOffset,
  options,
  radio,
  radioGroup,
  type RadioGroupVariants,
} from './RadioGroup.css.ts';

export interface RadioGroupProps
  extends Omit<AriaRadioGroupProps, 'className' | 'style' | 'children' | 'orientation'>, FieldProps {
  /** The Radio elements. */
  children: ReactNode;
  /**
   * How the radios are laid out; arrow keys move between them either way.
   * @default 'vertical'
   */
  orientation?: RadioGroupVariants['orientation'];
}

/** Reports a missing required choice after a submit of an aria Form (see private/field/validation.ts). */
function RequiredCheck({ isRequired }: { isRequired?: boolean }) {
  const state = useContext(RadioGroupStateContext);
  useRequiredState(state, isRequired, state?.selectedValue == null);
  return null;
}

/**
 * A labelled set of mutually exclusive options over React Aria's RadioGroup: Tab enters the group on the
 * checked radio, the arrow keys move and check.
 */
export function RadioGroup({
  label,
  description,
  errorMessage,
  children,
  orientation = 'vertical',
  isRequired,
  ...props
}: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} orientation={orientation} isRequired={isRequired} className={radioGroup()}>
      {label != null && <FieldLabel isRequired={isRequired}>{label}</FieldLabel>}
      {description != null && <FieldDescription>{description}</FieldDescription>}
      <div className={options({ orientation })}>{children}</div>
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <RequiredCheck isRequired={isRequired} />
    </AriaRadioGroup>
  );
}

export interface RadioProps extends Omit<AriaRadioFieldProps, 'className' | 'style' | 'children'> {
  /** The label of this option. */
  children: ReactNode;
  /** Help text for this option; screen readers hear it as the radio's description. */
  description?: ReactNode;
}

/** One option of a RadioGroup, with its `value`. */
export function Radio({ children, description, ...props }: RadioProps) {
  return (
    <RadioField {...props} className={radio}>
      <RadioButton className={button}>
        <span className={circle} />
        <span>{children}</span>
      </RadioButton>
      {description != null && (
        <Text slot="description" className={`${descriptionText} ${descriptionOffset}`}>
          {description}
        </Text>
      )}
    </RadioField>
  );
}
