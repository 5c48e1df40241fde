import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Dialog, Modal, Text, type ModalComponentProps } from '../../../../design-system/index.ts';
import { DEFAULT_TTS_DAILY_LIMIT, formatResetIn } from '../tts-rules.ts';
import * as styles from './tts.css.ts';

/** What a 429 of POST /api/v2/recordings/tts gives the ttsRequestsLimit modal. */
export interface TtsRequestsLimitData {
  /** The daily number of TTS requests (detail.limit). @default 100 */
  limit?: number;
  /** Seconds until the limit resets (retry_after). @default 43200 */
  retryAfter?: number;
}

/**
 * ttsRequestsLimit: SPEC.md section 8's daily TTS limit modal, word for word: the limit that was hit, that
 * speech-to-speech still works, when the limit resets (hours and minutes) and "Got It".
 */
export function TtsRequestsLimitModal({ data, close }: ModalComponentProps<TtsRequestsLimitData>) {
  const intl = useIntl();
  const limit = data?.limit ?? DEFAULT_TTS_DAILY_LIMIT;
  return (
    <Modal isDismissable size="sm">
      <Dialog
        title={intl.formatMessage({ id: 'tts.limit.title' })}
        actions={
          <Button onPress={close}>
            <FormattedMessage id="tts.limit.gotIt" />
          </Button>
        }
      >
        <Text>{intl.formatMessage({ id: 'tts.limit.body' }, { limit })}</Text>
        <p className={styles.resetIn}>
          {intl.formatMessage({ id: 'tts.limit.resetIn' }, { time: formatResetIn(data?.retryAfter) })}
        </p>
      </Dialog>
    </Modal>
  );
}
