import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  ButtonLink,
  Dialog,
  formatDateTime,
  Modal,
  Stack,
  Text,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import * as styles from './billing-modals.css.ts';
import { trialTimeLeft } from './trial-time-left.ts';
import { PLAN_PAGE } from './upgrade-reasons.ts';
import type { MessageId } from '../../../i18n/index.ts';

/** What an opener of trialWarning passes. */
export interface TrialWarningData {
  /** The trial is about to end, or has ended. */
  kind: 'ending' | 'expired';
  /** When the trial ends (ISO date-time, the plan's trial_ends_at). */
  endsAt?: string;
}

function NotNow({ close }: { close: () => void }) {
  return (
    <Button variant="secondary" onPress={close}>
      <FormattedMessage id="billing.upgrade.notNow" />
    </Button>
  );
}

/**
 * trialWarning: the free trial ends soon (how long is left, when, and what stops then) with "See plans", or
 * it has ended (SPEC.md section 8's expired-trial words) with "Upgrade plan". A trial said to be ending
 * whose end has passed reads as ended. The plan-page link has focus when the dialog opens.
 */
export function TrialWarningModal({ data, close }: ModalComponentProps<TrialWarningData>) {
  const intl = useIntl();
  const left = data?.kind === 'ending' ? trialTimeLeft(data.endsAt) : null;
  const ending = data?.kind === 'ending' && (left !== null || !data.endsAt);
  const action = (labelId: MessageId) => (
    <>
      <NotNow close={close} />
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <ButtonLink href={PLAN_PAGE} onPress={close} autoFocus>
        <FormattedMessage id={labelId} />
      </ButtonLink>
    </>
  );

  if (!ending) {
    return (
      <Modal isDismissable size="sm">
        <Dialog
          title={intl.formatMessage({ id: 'billing.upgrade.trial_expired.title' })}
          actions={action('billing.upgrade.button')}
        >
          <Text>
            <FormattedMessage id="billing.upgrade.trial_expired.body" />
          </Text>
        </Dialog>
      </Modal>
    );
  }

  return (
    <Modal isDismissable size="sm">
      <Dialog
        title={
          left
            ? intl.formatMessage(
                { id: 'billing.trialWarning.ending.title' },
                { when: intl.formatRelativeTime(left.value, left.unit, { numeric: 'always' }) },
              )
            : intl.formatMessage({ id: 'billing.trialWarning.ending.titleSoon' })
        }
        actions={action('billing.trialWarning.seePlans')}
      >
        <Stack gap="md">
          {left && data?.endsAt ? (
            <Text>
              <FormattedMessage id="billing.trialWarning.ending.date" values={{ date: formatDateTime(data.endsAt) }} />
            </Text>
          ) : null}
          <Text>
            <FormattedMessage id="billing.trialWarning.ending.then" />
          </Text>
          <ul className={styles.changes}>
            <li>
              <FormattedMessage id="billing.trialWarning.ending.noConversions" />
            </li>
            <li>
              <FormattedMessage id="billing.trialWarning.ending.noDownloads" />
            </li>
          </ul>
          <Text>
            <FormattedMessage id="billing.trialWarning.ending.choose" />
          </Text>
        </Stack>
      </Dialog>
    </Modal>
  );
}
