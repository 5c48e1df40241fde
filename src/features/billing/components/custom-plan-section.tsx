import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { announce, Text, TextField } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { CustomPlanForm } from '../../../shared/custom-plan/custom-plan-form.tsx';
import * as styles from './billing.css.ts';

/**
 * The admin's one billing action on the plan page: put a user (found by e-mail) on a Custom plan — minutes and
 * characters per interval, its price — through PUT /api/v3/users/{id}/plan. Custom plans are sold through For
 * Business; the user's tabs hear their new plan live.
 */
export function CustomPlanSection() {
  const intl = useIntl();
  const api = useApi();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);

  return (
    <section className={styles.section} aria-labelledby="plan-custom">
      <h2 id="plan-custom" className={styles.sectionTitle}>
        <FormattedMessage id="billing.custom.title" />
      </h2>
      <Text tone="muted">
        <FormattedMessage id="billing.custom.body" />
      </Text>
      <CustomPlanForm
        aria-labelledby="plan-custom"
        messages="billing.custom"
        intervalMessages="billing.plans"
        figuresClassName={styles.meters}
        fallbackField="email"
        userChooser={
          <TextField
            name="email"
            type="email"
            label={intl.formatMessage({ id: 'billing.custom.email' })}
            isRequired
            value={email}
            onChange={setEmail}
          />
        }
        onSubmit={async (plan) => {
          setDone(null);
          const wanted = email.trim().toLowerCase();
          const { data: found } = await api.auth.GET('/api/v3/users', {
            params: { query: { search: wanted, limit: 10 } },
          });
          const user = found?.items.find((u) => u.email.toLowerCase() === wanted);
          if (!user) return { email: intl.formatMessage({ id: 'billing.custom.noUser' }) };
          await api.auth.PUT('/api/v3/users/{id}/plan', { params: { path: { id: user.id } }, body: plan });
          const message = intl.formatMessage({ id: 'billing.custom.done' }, { email: user.email, name: plan.name });
          setDone(message);
          announce(message);
        }}
      >
        {done ? (
          <Text tone="muted" role="status">
            {done}
          </Text>
        ) : null}
      </CustomPlanForm>
    </section>
  );
}
