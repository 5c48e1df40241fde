import { FormattedMessage, useIntl } from 'react-intl';
import { Radio, RadioGroup } from '../../../../design-system/index.ts';
import type { BillingInterval } from '../../../shared/price-list.ts';

/** Monthly or yearly: one radio group, one tab stop, the arrow keys choose. */
export function IntervalToggle({
  value,
  onChange,
  description,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
  /** A hint under the label (the yearly saving). */
  description?: string;
}) {
  const intl = useIntl();
  return (
    <RadioGroup
      label={intl.formatMessage({ id: 'billing.plans.interval' })}
      description={description}
      orientation="horizontal"
      value={value}
      onChange={(next) => onChange(next === 'year' ? 'year' : 'month')}
    >
      <Radio value="month">
        <FormattedMessage id="billing.plans.month" />
      </Radio>
      <Radio value="year">
        <FormattedMessage id="billing.plans.year" />
      </Radio>
    </RadioGroup>
  );
}
