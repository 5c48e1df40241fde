import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { addToast, Button, Form, Radio, RadioGroup, Stack } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import { setTrust, type TrustLevel } from '../api/admin-api.ts';
import { TRUST_LEVELS } from '../admin-rules.ts';
import type { UserFormProps } from './user-form.ts';

/**
 * A user's trust level (PATCH /api/v3/{userId}/trust): four radios in colour words, saved with a button;
 * success is SPEC.md's "T-Level updated!" as a toast (announced), a failure the server's words.
 */
export function TrustForm({ user, onChanged }: UserFormProps) {
  const intl = useIntl();
  const api = useApi();
  const [level, setLevel] = useState<TrustLevel>(user.t_level);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setPending(true);
    setError(null);
    try {
      const changed = await setTrust(api, user.id, level);
      onChanged(changed);
      addToast({ message: intl.formatMessage({ id: 'admin.trust.updated' }), severity: 'success' });
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setPending(false);
    }
  };
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <RadioGroup
          label={intl.formatMessage({ id: 'admin.trust.label' })}
          value={String(level)}
          onChange={(v) => setLevel(Number(v) as TrustLevel)}
          errorMessage={error ?? undefined}
          isInvalid={error !== null}
        >
          {TRUST_LEVELS.map((t) => (
            <Radio key={t.level} value={String(t.level)}>
              <FormattedMessage id={t.label} />
            </Radio>
          ))}
        </RadioGroup>
        <div>
          <Button type="submit" isPending={pending}>
            <FormattedMessage id="admin.trust.save" />
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
