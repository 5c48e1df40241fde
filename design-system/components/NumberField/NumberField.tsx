import { defineMessages, useIntl } from 'react-intl';
import {
  Button,
  Group,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { Icon } from '../Icon/index.ts';
import { FieldDescription, FieldErrorText, FieldLabel, type FieldProps } from '../private/field/Field.tsx';
import { useRequiredValidate } from '../private/field/validation.ts';
import { control, input, numberField, stepper } from './NumberField.css.ts';

const messages = defineMessages({
  increment: { id: 'ds.numberField.increment', defaultMessage: 'Increase' },
  decrement: { id: 'ds.numberField.decrement', defaultMessage: 'Decrease' },
});

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'className' | 'style' | 'children'>, FieldProps {
  /** A hint inside the empty field. Never a replacement for the label. */
  placeholder?: string;
}

/**
 * A number input over React Aria's NumberField: Arrow Up/Down move by `step`, Page Up/Down by larger
 * steps, Home/End to `minValue`/`maxValue`; the value is formatted with `formatOptions` in the user's locale.
 * The − and + buttons are for pointer users and are not tab stops (the arrows do the same).
 */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  isRequired,
  validate,
  ...props
}: NumberFieldProps) {
  const intl = useIntl();
  const validateWithRequired = useRequiredValidate(isRequired, Number.isNaN, validate);
  return (
    <AriaNumberField {...props} isRequired={isRequired} validate={validateWithRequired} className={numberField()}>
      {label != null && <FieldLabel isRequired={isRequired}>{label}</FieldLabel>}
      {description != null && <FieldDescription>{description}</FieldDescription>}
      <Group className={control}>
        <Input placeholder={placeholder} className={input} />
        <Button slot="decrement" aria-label={intl.formatMessage(messages.decrement)} className={stepper}>
          <Icon name="minus" />
        </Button>
        <Button slot="increment" aria-label={intl.formatMessage(messages.increment)} className={stepper}>
          <Icon name="plus" />
        </Button>
      </Group>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaNumberField>
  );
}
