import { useIntl } from 'react-intl';
import { addToast } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { CustomPlanForm } from '../../../shared/custom-plan/custom-plan-form.tsx';
import { setCustomPlan } from '../api/admin-api.ts';
import type { UserFormProps } from './user-form.ts';

/**
 * Puts the user shown on a Custom plan (PUT /api/v3/users/{id}/plan): a refusal is shown at its field, the
 * outcome is a toast (announced).
 */
export function UserCustomPlan({ user, onChanged }: UserFormProps) {
  const intl = useIntl();
  const api = useApi();
  return (
    <CustomPlanForm
      messages="admin.custom"
      intervalMessages="admin.custom"
      onSubmit={async (plan) => {
        onChanged(await setCustomPlan(api, user.id, plan));
        addToast({
          message: intl.formatMessage({ id: 'admin.custom.done' }, { name: user.email, plan: plan.name }),
          severity: 'success',
        });
      }}
    />
  );
}
