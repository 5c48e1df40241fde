import { useCallback, useRef, useState } from 'react';
import { formFailure, type FailureRules } from '../form-errors.ts';

const NO_FIELDS: readonly string[] = [];

/**
 * Runs a form's call: pending while it runs; on failure the field errors (for the Form's
 * validationErrors, which moves focus to the first), the form's message and the fields it is about
 * (`invalidFields`); on success `onDone`.
 * A second submit while one is pending is ignored.
 */
export function useFormSubmit<T>(rules: FailureRules, onDone: (result: T) => void) {
  const [isPending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [invalidFields, setInvalidFields] = useState<readonly string[]>(NO_FIELDS);
  const [attempt, setAttempt] = useState(0);
  const running = useRef(false);
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;

  const submit = useCallback(async (call: () => Promise<T>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    setFormError(null);
    setInvalidFields(NO_FIELDS);
    try {
      const result = await call();
      setFieldErrors({});
      doneRef.current(result);
    } catch (error) {
      const failure = formFailure(error, rulesRef.current);
      setFieldErrors(failure.fieldErrors);
      setFormError(failure.formError);
      setInvalidFields(failure.invalidFields ?? NO_FIELDS);
      setAttempt((n) => n + 1);
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);

  return { submit, isPending, fieldErrors, formError, invalidFields, attempt };
}
