import { FormattedMessage, useIntl } from 'react-intl';
import {
  AlertDialog,
  InformationDialog,
  Link,
  Modal,
  Stack,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useSession } from '../../../machines/index.ts';
import { acceptTermsOfUse } from '../api/account-api.ts';
import type { MessageId } from '../../../i18n/index.ts';

/** What an opener of information passes: a title and the text to show. */
export interface InformationData {
  title: string;
  body: string;
}

/** information: a plain message with OK. */
export function InformationModal({ data }: ModalComponentProps<InformationData>) {
  if (!data) return null;
  return <InformationDialog title={data.title} body={<p>{data.body}</p>} />;
}

/** The terms a whatIs dialog explains. */
export const WHAT_IS_TOPICS = [
  'sts',
  'tts',
  'accent',
  'narrationStyle',
  'semitones',
  'calibration',
  'credits',
] as const;
export type WhatIsTopic = (typeof WHAT_IS_TOPICS)[number];

/** What an opener of whatIs passes: the term to explain. */
export interface WhatIsData {
  topic: WhatIsTopic;
}

/** whatIs: what a term of the product means, in two sentences. */
export function WhatIsModal({ data }: ModalComponentProps<WhatIsData>) {
  const intl = useIntl();
  if (!data) return null;
  return (
    <InformationDialog
      title={intl.formatMessage({ id: `account.whatIs.${data.topic}.title` as MessageId })}
      body={<p>{intl.formatMessage({ id: `account.whatIs.${data.topic}.body` as MessageId })}</p>}
    />
  );
}

/** ttsLanguageTooltip: text to speech in other languages than English uses the basic narration style only. */
export function TtsLanguageTooltipModal() {
  const intl = useIntl();
  return (
    <InformationDialog
      size="sm"
      title={intl.formatMessage({ id: 'account.ttsLanguage.title' })}
      body={<p>{intl.formatMessage({ id: 'account.ttsLanguage.body' })}</p>}
    />
  );
}

/** What an opener of acceptableUsePolicy passes: what to do once the user has accepted. */
export interface AcceptableUsePolicyData {
  onAccepted?: () => void;
}

/**
 * acceptableUsePolicy: the policy in short with a link to the whole of it; accepting records it once for the
 * account (POST /api/v3/tou), after which conversions may be ordered.
 */
export function AcceptableUsePolicyModal({ data }: ModalComponentProps<AcceptableUsePolicyData>) {
  const intl = useIntl();
  const api = useApi();
  const session = useSession();
  return (
    <Modal>
      <AlertDialog
        title={intl.formatMessage({ id: 'account.aup.title' })}
        actionLabel={intl.formatMessage({ id: 'account.aup.accept' })}
        cancelLabel={intl.formatMessage({ id: 'account.aup.notNow' })}
        onAction={async () => {
          const user = await acceptTermsOfUse(api);
          session.send({ type: 'session.userUpdated', user });
          data?.onAccepted?.();
        }}
      >
        <Stack gap="sm">
          <p>
            <FormattedMessage id="account.aup.body" />
          </p>
          <ul>
            <li>
              <FormattedMessage id="account.aup.rule.consent" />
            </li>
            <li>
              <FormattedMessage id="account.aup.rule.deceive" />
            </li>
            <li>
              <FormattedMessage id="account.aup.rule.law" />
            </li>
          </ul>
          <Link href="/aup" isExternal>
            <FormattedMessage id="account.aup.read" />
          </Link>
        </Stack>
      </AlertDialog>
    </Modal>
  );
}
