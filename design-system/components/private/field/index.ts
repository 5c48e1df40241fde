export { FieldDescription, FieldErrorText, FieldLabel, type FieldProps } from './Field.tsx';
export { FieldEmptyState, FieldListBox, FieldOption, FieldPopover, type FieldOptionProps } from './ListBox.tsx';
export { FormSubmitContext, focusFirstInvalid, useRequiredState, useRequiredValidate } from './validation.ts';
export * as fieldStyles from './field.css.ts';
