import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  Button,
  Form,
  Inline,
  NumberField,
  Radio,
  RadioGroup,
  TextField,
} from '../../../design-system/index.ts';
import type { components } from '../../../openapi/generated/auth.js';
import { isApiError } from '../../api/index.ts';
import { failureMessage } from '../../machines/index.ts';

/** The body of PUT /api/v3/users/{id}/plan: the price in cents, the name trimmed. */
export type CustomPlan = components['schemas']['CustomPlanRequest'];

/** Whose wording the labels are in: `<prefix>.name`, `.minutes`, `.characters`, `.price` and `.submit`. */
export type CustomPlanMessages = 'admin.custom' | 'billing.custom';
/** Whose wording the interval is in: `<prefix>.interval` (the group), `.month` and `.year`. */
export type IntervalMessages = 'admin.custom' | 'billing.plans';

export interface CustomPlanFormProps {
  /** The labels' message ids, by prefix: each place keeps its own wording. */
  messages: CustomPlanMessages;
  /** The interval's message ids, by prefix. */
  intervalMessages: IntervalMessages;
  /**
   * How the user is chosen: the fields placed before the plan's own (the plan page's e-mail address, looked up
   * when the form is sent). Nothing when the page already shows the one user (the admin console's user page).
   */
  userChooser?: ReactNode;
  /**
   * Puts the chosen user on `plan`. Resolves with errors by field name (e.g. the chooser's "no such user") to
   * refuse at a field; a server refusal that names a plan field is shown at that field.
   */
  onSubmit: (plan: CustomPlan) => Promise<Record<string, string> | void>;
  /** Where a refusal that names no plan field is shown: this field (the chooser's), else an error toast. */
  fallbackField?: string;
  /** The class that lays out the three figures (the plan page's grid); without it they sit in a row. */
  figuresClassName?: string;
  /** The id of the heading that names the form. */
  'aria-labelledby'?: string;
  /** What follows the button: the outcome, where the page shows it in place. */
  children?: ReactNode;
}

/** The three figures, as the form's fields name them (and the refusals, once `FIELD` has renamed them). */
const FIGURES = [
  { name: 'minutes', maxValue: 10_000_000 },
  { name: 'characters', maxValue: 1_000_000_000 },
  { name: 'price', maxValue: 1_000_000, formatOptions: { style: 'currency', currency: 'USD' } },
] as const;
const PLAN_FIELDS = ['name', 'minutes', 'characters', 'price'];
/** The contract's property names that the form's fields call otherwise. */
const FIELD: Record<string, string> = { tts_chars: 'characters', amount: 'price' };

/**
 * A Custom plan (DESIGN.md's plans: set by an admin; minutes, characters, price, interval) for one user, whom
 * the place that shows the form chooses: a refusal is shown at its field, the outcome is the place's to tell.
 */
export function CustomPlanForm({
  messages,
  intervalMessages,
  userChooser,
  onSubmit,
  fallbackField,
  figuresClassName,
  'aria-labelledby': labelledBy,
  children,
}: CustomPlanFormProps) {
  const intl = useIntl();
  const [name, setName] = useState('Custom');
  const [figures, setFigures] = useState({ minutes: 600, characters: 500_000, price: 1000 });
  const [interval, setInterval] = useState<CustomPlan['interval']>('month');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    setPending(true);
    setErrors({});
    try {
      const refused = await onSubmit({
        name: name.trim(),
        minutes: figures.minutes,
        tts_chars: figures.characters,
        amount: Math.round(figures.price * 100),
        interval,
      });
      if (refused) setErrors(refused);
    } catch (error) {
      const field = isApiError(error) ? error.field?.replace(/^body\//, '') : undefined;
      const key = field ? (FIELD[field] ?? field) : undefined;
      if (key && PLAN_FIELDS.includes(key)) setErrors({ [key]: failureMessage(error) });
      else if (fallbackField) setErrors({ [fallbackField]: failureMessage(error) });
      else addToast({ message: failureMessage(error), severity: 'error' });
    } finally {
      setPending(false);
    }
  };

  const fields = FIGURES.map((figure) => (
    <NumberField
      key={figure.name}
      name={figure.name}
      label={intl.formatMessage({ id: `${messages}.${figure.name}` })}
      isRequired
      minValue={0}
      maxValue={figure.maxValue}
      formatOptions={'formatOptions' in figure ? figure.formatOptions : undefined}
      value={figures[figure.name]}
      onChange={(value) => setFigures((current) => ({ ...current, [figure.name]: value }))}
    />
  ));

  return (
    <Form
      aria-labelledby={labelledBy}
      validationErrors={errors}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {userChooser}
      <TextField
        name="name"
        label={intl.formatMessage({ id: `${messages}.name` })}
        isRequired
        maxLength={80}
        value={name}
        onChange={setName}
      />
      {figuresClassName ? <div className={figuresClassName}>{fields}</div> : <Inline gap="md">{fields}</Inline>}
      <RadioGroup
        label={intl.formatMessage({ id: `${intervalMessages}.interval` })}
        orientation="horizontal"
        value={interval}
        onChange={(v) => setInterval(v === 'year' ? 'year' : 'month')}
      >
        <Radio value="month">
          <FormattedMessage id={`${intervalMessages}.month`} />
        </Radio>
        <Radio value="year">
          <FormattedMessage id={`${intervalMessages}.year`} />
        </Radio>
      </RadioGroup>
      <Inline gap="md" align="center">
        <Button type="submit" isPending={pending}>
          <FormattedMessage id={`${messages}.submit`} />
        </Button>
      </Inline>
      {children}
    </Form>
  );
}
