import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  announce,
  Button,
  Dialog,
  Modal,
  Stack,
  Text,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import { retryConversion, type Recording } from '../api/conversions-api.ts';
import { conversionErrorKind } from '../error-kind.ts';
import type { ReportConversionIssueData } from './report-conversion-issue-modal.tsx';
import { upgradeReasonOf } from '../../../shared/upgrade-reason.ts';
import { openModal } from '../../../shared/modals/index.ts';

export interface ErrorInfoData {
  /** The failed conversion, with the server's error. */
  conversion: Pick<Recording, 'id' | 'error'>;
  /** How the page names it ("Ada, +2 st"). */
  name: string;
  /** Told the conversion as queued again after Retry. */
  onRetried?: (conversion: Recording) => void;
}

/**
 * errorInfo: why a conversion failed, in the server's words, what that means and what to do — Retry (the
 * same settings, POST /api/v2/orders/retry/{id}) or Report an issue (reportConversionIssue). A retry the plan
 * does not allow (402) opens the upgrade prompt for its reason; another failure shows in the dialog.
 */
export function ErrorInfoModal({ data, close }: ModalComponentProps<ErrorInfoData>) {
  const intl = useIntl();
  const api = useApi();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (!data) return null;
  const kind = conversionErrorKind(data.conversion.error);

  const retry = () => {
    setPending(true);
    setFailed(null);
    retryConversion(api, data.conversion.id)
      .then((queued) => {
        data.onRetried?.(queued);
        announce(intl.formatMessage({ id: 'conversions.errorInfo.retried' }, { name: data.name }));
        close();
      })
      .catch((error: unknown) => {
        setPending(false);
        const reason = upgradeReasonOf(error);
        if (reason) {
          close();
          openModal({ id: 'upgradePlan', data: { reason } });
          return;
        }
        const message = intl.formatMessage(
          { id: 'conversions.errorInfo.retryFailed' },
          { reason: failureMessage(error) },
        );
        setFailed(message);
        announce(message, { politeness: 'assertive' });
      });
  };

  return (
    <Modal isDismissable={!pending} isKeyboardDismissDisabled={pending}>
      <Dialog
        title={intl.formatMessage({ id: 'conversions.errorInfo.title' }, { name: data.name })}
        actions={
          <>
            <Button
              variant="secondary"
              isDisabled={pending}
              onPress={() => {
                close();
                openModal({
                  id: 'reportConversionIssue',
                  data: { conversion: data.conversion, name: data.name } satisfies ReportConversionIssueData,
                });
              }}
            >
              <FormattedMessage id="conversions.errorInfo.report" />
            </Button>
            {kind === 'moderation' ? null : (
              <Button onPress={retry} isPending={pending}>
                <FormattedMessage id="conversions.errorInfo.retry" />
              </Button>
            )}
          </>
        }
      >
        <Stack gap="sm">
          <Text>
            <FormattedMessage
              id="conversions.errorInfo.error"
              values={{
                reason: data.conversion.error || intl.formatMessage({ id: 'conversions.item.errorUnknown' }),
              }}
            />
          </Text>
          <Text>
            <FormattedMessage id={`conversions.errorInfo.meaning.${kind}`} />
          </Text>
          <Text>
            <FormattedMessage id={`conversions.errorInfo.nextStep.${kind}`} />
          </Text>
          {failed ? <Text tone="critical">{failed}</Text> : null}
        </Stack>
      </Dialog>
    </Modal>
  );
}
