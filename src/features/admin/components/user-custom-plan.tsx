import { useState } from 'react';
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
} from '../../../../design-system/index.ts';
import { isApiError, useApi } from '../../../api/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import { setCustomPlan, type AdminUser } from '../api/admin-api.ts';

export interface CustomPlanFormProps {
  user: AdminUser;
  /** The server's user on the plan. */
  onChanged: (user: AdminUser) => void;
}

const FIELD: Record<string, string> = { tts_chars: 'characters', amount: 'price' };

/**
 * Puts the user shown on a Custom plan (PUT /api/v3/users/{id}/plan, DESIGN.md's plans: set by an admin,
 * minutes, characters, price): a refusal is shown at its field, the outcome is a toast (announced).
 */
export function CustomPlanForm({ user, onChanged }: CustomPlanFormProps) {
  const intl = useIntl();
  const api = useApi();
  const [name, setName] = useState('Custom');
  const [minutes, setMinutes] = useState(600);
  const [characters, setCharacters] = useState(500_000);
  const [price, setPrice] = useState(1000);
  const [interval, setInterval] = useState<'month' | 'year'>('month');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    setPending(true);
    setErrors({});
    try {
      const plan = name.trim();
      const changed = await setCustomPlan(api, user.id, {
        name: plan,
        minutes,
        tts_chars: characters,
        amount: Math.round(price * 100),
        interval,
      });
      onChanged(changed);
      addToast({
        message: intl.formatMessage({ id: 'admin.custom.done' }, { name: user.email, plan }),
        severity: 'success',
      });
    } catch (e) {
      const field = isApiError(e) ? e.field?.replace(/^body\//, '') : undefined;
      const key = field ? (FIELD[field] ?? field) : undefined;
      if (key && ['name', 'minutes', 'characters', 'price'].includes(key)) setErrors({ [key]: failureMessage(e) });
      else addToast({ message: failureMessage(e), severity: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Form
      validationErrors={errors}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        name="name"
        label={intl.formatMessage({ id: 'admin.custom.name' })}
        isRequired
        maxLength={80}
        value={name}
        onChange={setName}
      />
      <Inline gap="md">
        <NumberField
          name="minutes"
          label={intl.formatMessage({ id: 'admin.custom.minutes' })}
          isRequired
          minValue={0}
          maxValue={10_000_000}
          value={minutes}
          onChange={setMinutes}
        />
        <NumberField
          name="characters"
          label={intl.formatMessage({ id: 'admin.custom.characters' })}
          isRequired
          minValue={0}
          maxValue={1_000_000_000}
          value={characters}
          onChange={setCharacters}
        />
        <NumberField
          name="price"
          label={intl.formatMessage({ id: 'admin.custom.price' })}
          isRequired
          minValue={0}
          maxValue={1_000_000}
          formatOptions={{ style: 'currency', currency: 'USD' }}
          value={price}
          onChange={setPrice}
        />
      </Inline>
      <RadioGroup
        label={intl.formatMessage({ id: 'admin.custom.interval' })}
        orientation="horizontal"
        value={interval}
        onChange={(v) => setInterval(v === 'year' ? 'year' : 'month')}
      >
        <Radio value="month">
          <FormattedMessage id="admin.custom.month" />
        </Radio>
        <Radio value="year">
          <FormattedMessage id="admin.custom.year" />
        </Radio>
      </RadioGroup>
      <div>
        <Button type="submit" isPending={pending}>
          <FormattedMessage id="admin.custom.submit" />
        </Button>
      </div>
    </Form>
  );
}
