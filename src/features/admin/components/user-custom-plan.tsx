import { useIntl } from 'react-intl';
import { addToast } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { CustomPlanForm, type CustomPlanMessages } from '../../../shared/custom-plan/custom-plan-form.tsx';
import { setCustomPlan, type AdminUser } from '../api/admin-api.ts';

export interface UserCustomPlanProps {
  user: AdminUser;
  /** The server's user on the plan. */
  onChanged: (user: AdminUser) => void;
}

const MESSAGES: CustomPlanMessages = {
  name: 'admin.custom.name',
  minutes: 'admin.custom.minutes',
  characters: 'admin.custom.characters',
  price: 'admin.custom.price',
  interval: 'admin.custom.interval',
  month: 'admin.custom.month',
  year: 'admin.custom.year',
  submit: 'admin.custom.submit',
};

/**
 * Puts the user shown on a Custom plan (PUT /api/v3/users/{id}/plan): a refusal is shown at its field, the
 * outcome is a toast (announced).
 */
export function UserCustomPlan({ user, onChanged }: UserCustomPlanProps) {
  const intl = useIntl();
  const api = useApi();
  return (
    <CustomPlanForm
      messages={MESSAGES}
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
