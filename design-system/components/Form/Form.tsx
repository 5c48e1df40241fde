import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import { FormSubmitContext, focusFirstInvalid } from '../private/field/validation.ts';
import { form, type FormVariants } from './Form.css.ts';

export interface FormProps extends Omit<AriaFormProps, 'className' | 'style'> {
  /**
   * `aria`: fields show errors as they change and the form checks required fields on submit, with our
   * translated messages. `native`: the browser's constraint validation and its messages.
   * @default 'aria'
   */
  validationBehavior?: 'aria' | 'native';
  /**
   * Errors for fields by `name`, e.g. from the server's reply. Each field shows its own until the user
   * changes it; when new errors arrive, focus moves to the first field in error.
   */
  validationErrors?: AriaFormProps['validationErrors'];
  /**
   * Space between the fields.
   * @default 'md'
   */
  gap?: FormVariants['gap'];
}

/**
 * A form over React Aria's Form that fields take their validation behaviour and server errors from.
 * Submitting with an invalid field (a required field left empty, a `validate` error, a server error not
 * yet corrected) does not call `onSubmit`: focus moves to the first invalid field, whose error its
 * description carries. React Aria does this for native validation; this does it for aria validation too.
 */
export function Form({
  validationBehavior = 'aria',
  validationErrors,
  onSubmit,
  onReset,
  gap,
  children,
  ...props
}: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  const [submits, setSubmits] = useState(0);

  // New errors from the server: take the user to the first one (not on mount, where nothing was submitted).
  const shownErrors = useRef(validationErrors);
  useEffect(() => {
    if (validationErrors === shownErrors.current) return;
    shownErrors.current = validationErrors;
    if (ref.current && validationErrors && Object.keys(validationErrors).length > 0) focusFirstInvalid(ref.current);
  }, [validationErrors]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (validationBehavior === 'aria') {
      const formElement = event.currentTarget;
      // Render the required errors now, so the first invalid field can be found and focused.
      flushSync(() => setSubmits((n) => n + 1));
      if (focusFirstInvalid(formElement)) {
        event.preventDefault();
        return;
      }
    }
    onSubmit?.(event);
  };

  const handleReset = (event: FormEvent<HTMLFormElement>) => {
    setSubmits(0);
    onReset?.(event);
  };

  return (
    <AriaForm
      {...props}
      ref={ref}
      validationBehavior={validationBehavior}
      validationErrors={validationErrors}
      onSubmit={handleSubmit}
      onReset={handleReset}
      className={form({ gap })}
    >
      <FormSubmitContext.Provider value={validationBehavior === 'aria' ? submits : 0}>
        {children}
      </FormSubmitContext.Provider>
    </AriaForm>
  );
}
