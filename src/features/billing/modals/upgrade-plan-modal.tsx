import { FormattedMessage, useIntl } from 'react-intl';
import { Button, ButtonLink, Dialog, Modal, Text, type ModalComponentProps } from '../../../../design-system/index.ts';
import { knownUpgradeReason, type UpgradeReason } from '../../../shared/upgrade-reason.ts';
import { upgradeText } from './upgrade-reasons.ts';

/** What an opener of upgradePlan passes. */
export interface UpgradePlanData {
  /** Why the action was refused; none (or one this client does not know) reads as the expired trial. */
  reason?: UpgradeReason;
  /** For voice and accent: the voice, or the accent, the user tried to use. */
  name?: string;
}

/**
 * upgradePlan: the one upgrade prompt every feature opens by id, with SPEC.md section 8's title, text and
 * button for its reason. The main button (focused on opening) leads to the plan page, or to its credit packs
 * when the credits ran out; "Not now" closes.
 */
export function UpgradePlanModal({ data, close }: ModalComponentProps<UpgradePlanData>) {
  const intl = useIntl();
  const text = upgradeText(knownUpgradeReason(data?.reason));
  const bodyId = data?.name && text.bodyNamedId ? text.bodyNamedId : text.bodyId;
  return (
    <Modal isDismissable size="sm">
      <Dialog
        title={intl.formatMessage({ id: text.titleId })}
        actions={
          <>
            <Button variant="secondary" onPress={close}>
              <FormattedMessage id="billing.upgrade.notNow" />
            </Button>
            {/* The way forward has focus when the prompt opens: Enter takes the user to the plans. */}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
            <ButtonLink href={text.href} onPress={close} autoFocus>
              <FormattedMessage id={text.buttonId} />
            </ButtonLink>
          </>
        }
      >
        <Text>{intl.formatMessage({ id: bodyId }, { name: data?.name ?? '' })}</Text>
      </Dialog>
    </Modal>
  );
}
