import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { announce, Button, Form, Inline, NumberField, Text, TextField } from '../../../../design-system/index.ts';
import { isApiError, useApi } from '../../../api/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import type { BillingInterval } from '../../../shared/price-list.ts';
import * as styles from './billing.css.ts';
import { IntervalToggle } from './interval-toggle.tsx';

/**
 * The admin's one billing action until the admin console comes: put a user (found by e-mail) on a Custom
 * plan — minutes and characters per interval, its price — through PUT /api/v3/users/{id}/plan. Custom plans
 * are sold through For Business; the user's tabs hear their new plan live.
 */
export function CustomPlanForm() {
  const intl = useIntl();
  const api = useApi();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('Custom');
  const [minutes, setMinutes] = useState(600);
  const [characters, setCharacters] = useState(500_000);
  const [price, setPrice] = useState(1000);
  const [interval, setInterval] = useState<BillingInterval>('month');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);

  const submit = async () => {
    setPending(true);
    setErrors({});
    setDone(null);
    try {
      const wanted = email.trim().toLowerCase();
      const { data: found } = await api.auth.GET('/api/v3/users', { params: { query: { search: wanted, limit: 10 } } });
      const user = found?.items.find((u) => u.email.toLowerCase() === wanted);
      if (!user) {
        setErrors({ email: intl.formatMessage({ id: 'billing.custom.noUser' }) });
        return;
      }
      await api.auth.PUT('/api/v3/users/{id}/plan', {
        params: { path: { id: user.id } },
        body: { name: name.trim(), minutes, tts_chars: characters, amount: Math.round(price * 100), interval },
      });
      const message = intl.formatMessage({ id: 'billing.custom.done' }, { email: user.email, name: name.trim() });
      setDone(message);
      announce(message);
    } catch (error) {
      const field = isApiError(error) ? error.field?.replace(/^body\//, '') : undefined;
      const key = field === 'tts_chars' ? 'characters' : field === 'amount' ? 'price' : field;
      setErrors({
        [key && ['name', 'minutes', 'characters', 'price'].includes(key) ? key : 'email']: failureMessage(error),
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="plan-custom">
      <h2 id="plan-custom" className={styles.sectionTitle}>
        <FormattedMessage id="billing.custom.title" />
      </h2>
      <Text tone="muted">
        <FormattedMessage id="billing.custom.body" />
      </Text>
      <Form
        aria-labelledby="plan-custom"
        validationErrors={errors}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          name="email"
          type="email"
          label={intl.formatMessage({ id: 'billing.custom.email' })}
          isRequired
          value={email}
          onChange={setEmail}
        />
        <TextField
          name="name"
          label={intl.formatMessage({ id: 'billing.custom.name' })}
          isRequired
          maxLength={80}
          value={name}
          onChange={setName}
        />
        <div className={styles.meters}>
          <NumberField
            name="minutes"
            label={intl.formatMessage({ id: 'billing.custom.minutes' })}
            isRequired
            minValue={0}
            maxValue={10_000_000}
            value={minutes}
            onChange={setMinutes}
          />
          <NumberField
            name="characters"
            label={intl.formatMessage({ id: 'billing.custom.characters' })}
            isRequired
            minValue={0}
            maxValue={1_000_000_000}
            value={characters}
            onChange={setCharacters}
          />
          <NumberField
            name="price"
            label={intl.formatMessage({ id: 'billing.custom.price' })}
            isRequired
            minValue={0}
            maxValue={1_000_000}
            formatOptions={{ style: 'currency', currency: 'USD' }}
            value={price}
            onChange={setPrice}
          />
        </div>
        <IntervalToggle value={interval} onChange={setInterval} />
        <Inline gap="md" align="center">
          <Button type="submit" isPending={pending}>
            <FormattedMessage id="billing.custom.submit" />
          </Button>
        </Inline>
        {done ? (
          <Text tone="muted" role="status">
            {done}
          </Text>
        ) : null}
      </Form>
    </section>
  );
}
