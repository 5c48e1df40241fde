import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  Button,
  Dialog,
  Form,
  Inline,
  Modal,
  Stack,
  Text,
  TextField,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { sendVoiceRequest, type VoiceRequestTopic } from '../api/voices-api.ts';
import * as styles from '../components/voices.css.ts';

const DESCRIPTION_MIN = 2;
const DESCRIPTION_MAX = 5000;

interface RequestDialogProps {
  title: string;
  children: ReactNode;
  topic: VoiceRequestTopic;
  fieldLabel: string;
  fieldHelp: string;
  close: () => void;
}

/**
 * A request to the team as a dialog: what it is about, a description the user writes, and Send. Sent, it
 * closes with SPEC.md's "Feedback submitted successfully"; a failure keeps it open with SPEC.md's message in
 * a toast and in the dialog.
 */
function RequestDialog({ title, children, topic, fieldLabel, fieldHelp, close }: RequestDialogProps) {
  const intl = useIntl();
  const api = useApi();
  const [description, setDescription] = useState('');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Modal isDismissable={!pending} isKeyboardDismissDisabled={pending}>
      <Dialog title={title}>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (pending) return;
            setPending(true);
            setFailed(false);
            sendVoiceRequest(api, { topic, description: description.trim() })
              .then(() => {
                addToast({ message: intl.formatMessage({ id: 'voices.request.sent' }), severity: 'success' });
                close();
              })
              .catch(() => {
                setFailed(true);
                setPending(false);
                addToast({ message: intl.formatMessage({ id: 'voices.request.failed' }), severity: 'error' });
              });
          }}
        >
          <Stack gap="md">{children}</Stack>
          <TextField
            name="description"
            label={fieldLabel}
            description={fieldHelp}
            multiline
            rows={4}
            isRequired
            maxLength={DESCRIPTION_MAX}
            value={description}
            onChange={setDescription}
            validate={(value) =>
              value.trim().length > 0 && value.trim().length < DESCRIPTION_MIN
                ? intl.formatMessage({ id: 'voices.request.tooShort' })
                : null
            }
            isReadOnly={pending}
          />
          {failed ? (
            <Text tone="critical">
              <FormattedMessage id="voices.request.failed" />
            </Text>
          ) : null}
          <Inline gap="sm" align="center">
            <Button variant="secondary" onPress={close} isDisabled={pending}>
              <FormattedMessage id="voices.request.cancel" />
            </Button>
            <Button type="submit" isPending={pending}>
              <FormattedMessage id="voices.request.send" />
            </Button>
          </Inline>
        </Form>
      </Dialog>
    </Modal>
  );
}

export interface HowToRequestKidsVoicesData {
  /** The kids voice the user tried to choose, if any. */
  voiceName?: string;
}

/** howToRequestKidsVoices: kids voices are given on request; how to ask, and the request itself. */
export function HowToRequestKidsVoicesModal({ data, close }: ModalComponentProps<HowToRequestKidsVoicesData>) {
  const intl = useIntl();
  return (
    <RequestDialog
      title={intl.formatMessage({ id: 'voices.kids.title' })}
      topic="Kids voices"
      fieldLabel={intl.formatMessage({ id: 'voices.kids.field' })}
      fieldHelp={intl.formatMessage({ id: 'voices.kids.fieldHelp' })}
      close={close}
    >
      <Text>
        {data?.voiceName
          ? intl.formatMessage({ id: 'voices.kids.introVoice' }, { name: data.voiceName })
          : intl.formatMessage({ id: 'voices.kids.intro' })}
      </Text>
      <ol className={styles.steps}>
        <li>
          <FormattedMessage id="voices.kids.step1" />
        </li>
        <li>
          <FormattedMessage id="voices.kids.step2" />
        </li>
        <li>
          <FormattedMessage id="voices.kids.step3" />
        </li>
      </ol>
    </RequestDialog>
  );
}

/** customVoice: what a custom voice (a voice talent) is, and a request for one. */
export function CustomVoiceModal({ close }: ModalComponentProps) {
  const intl = useIntl();
  return (
    <RequestDialog
      title={intl.formatMessage({ id: 'voices.custom.title' })}
      topic="Custom voice"
      fieldLabel={intl.formatMessage({ id: 'voices.custom.field' })}
      fieldHelp={intl.formatMessage({ id: 'voices.custom.fieldHelp' })}
      close={close}
    >
      <Text>
        <FormattedMessage id="voices.custom.intro" />
      </Text>
      <ol className={styles.steps}>
        <li>
          <FormattedMessage id="voices.custom.step1" />
        </li>
        <li>
          <FormattedMessage id="voices.custom.step2" />
        </li>
        <li>
          <FormattedMessage id="voices.custom.step3" />
        </li>
      </ol>
    </RequestDialog>
  );
}
