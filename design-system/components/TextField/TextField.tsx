import {
  Input,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldDescription, FieldErrorText, FieldLabel, type FieldProps } from '../private/field/Field.tsx';
import { useRequiredValidate } from '../private/field/validation.ts';
import { control, input, textArea, textField } from './TextField.css.ts';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'style' | 'children'>, FieldProps {
  /** A hint inside the empty field, e.g. an example value. Never a replacement for the label. */
  placeholder?: string;
  /**
   * A multi-line text area instead of a one-line input.
   * @default false
   */
  multiline?: boolean;
  /**
   * The visible number of lines of a multi-line field.
   * @default 4
   */
  rows?: number;
}

const isBlank = (value: string) => value.trim() === '';

/**
 * A labelled text input (or text area, with `multiline`) over React Aria's TextField: label, description
 * and error are wired to the input by React Aria.
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline = false,
  rows = 4,
  isRequired,
  validate,
  ...props
}: TextFieldProps) {
  const validateWithRequired = useRequiredValidate(isRequired, isBlank, validate);
  return (
    <AriaTextField {...props} isRequired={isRequired} validate={validateWithRequired} className={textField()}>
      {label != null && <FieldLabel isRequired={isRequired}>{label}</FieldLabel>}
      {description != null && <FieldDescription>{description}</FieldDescription>}
      <div className={control({ multiline })}>
        {multiline ? (
          <TextArea rows={rows} placeholder={placeholder} className={textArea} />
        ) : (
          <Input placeholder={placeholder} className={input} />
        )}
      </div>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}
