import { FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink, Button, Dialog, Modal, Text, type ModalComponentProps } from '../../../../design-system/index.ts';

/** The plan page the upgrade prompts lead to (billing's page). */
export const PLAN_PAGE = '/account/plan';

export interface VoiceUpgradePlanData {
  /** SPEC.md section 2's upgrade reasons a voice can give: the voice itself, or one of its accents. */
  reason?: 'voice' | 'accent';
  /** The voice the user tried to use. */
  voiceName?: string;
  /** The accent, for reason "accent". */
  accentName?: string;
}

/**
 * voiceUpgradePlan: a voice (or accent) outside the user's plan, with SPEC.md section 8's upgrade text for
 * the reason ("Unlock Extra Voice", "Discover New Accent!") and "Upgrade plan" to the plan page, where
 * billing takes over.
 */
export function VoiceUpgradePlanModal({ data, close }: ModalComponentProps<VoiceUpgradePlanData>) {
  const intl = useIntl();
  const reason = data?.reason === 'accent' ? 'accent' : 'voice';
  const values = { name: data?.voiceName ?? '', accent: data?.accentName ?? '' };
  return (
    <Modal isDismissable size="sm">
      <Dialog
        title={intl.formatMessage({ id: `voices.upgrade.${reason}.title` })}
        actions={
          <>
            <Button variant="secondary" onPress={close}>
              <FormattedMessage id="voices.upgrade.later" />
            </Button>
            <ButtonLink href={PLAN_PAGE} onPress={close}>
              <FormattedMessage id="voices.upgrade.button" />
            </ButtonLink>
          </>
        }
      >
        <Text>
          {intl.formatMessage(
            { id: data?.voiceName ? `voices.upgrade.${reason}.bodyNamed` : `voices.upgrade.${reason}.body` },
            values,
          )}
        </Text>
      </Dialog>
    </Modal>
  );
}
