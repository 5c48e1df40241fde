import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  Button,
  Dialog,
  Form,
  Inline,
  Modal,
  Text,
  TextField,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { reportConversionIssue, type Recording } from '../api/conversions-api.ts';

/** marketplace.yaml: a report's description is 1 to 2000 characters, not only blanks. */
const DESCRIPTION_MAX = 2000;

export interface ReportConversionIssueData {
  /** The conversion the report is about. */
  conversion: Pick<Recording, 'id'>;
  /** How the page names it ("Ada, +2 st"). */
  name: string;
}

/**
 * reportConversionIssue: what is wrong with a conversion, in the user's words, for the support team
 * (POST /api/recordings/{id}/conversion-issue). Sent, it closes with a thank-you toast; a failure keeps it
 * open with SPEC.md section 8's message, in the dialog and as a toast at the bottom.
 */
export function ReportConversionIssueModal({ data, close }: ModalComponentProps<ReportConversionIssueData>) {
  const intl = useIntl();
  const api = useApi();
  const [description, setDescription] = useState('');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!data) return null;
  return (
    <Modal isDismissable={!pending} isKeyboardDismissDisabled={pending}>
      <Dialog title={intl.formatMessage({ id: 'conversions.report.title' }, { name: data.name })}>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (pending) return;
            setPending(true);
            setFailed(false);
            reportConversionIssue(api, data.conversion.id, description.trim())
              .then(() => {
                addToast({
                  message: intl.formatMessage({ id: 'conversions.report.sent' }, { name: data.name }),
                  severity: 'success',
                });
                close();
              })
              .catch(() => {
                setFailed(true);
                setPending(false);
                addToast({
                  message: intl.formatMessage({ id: 'conversions.report.failed' }),
                  severity: 'error',
                  position: 'bottom',
                });
              });
          }}
        >
          <Text>
            <FormattedMessage id="conversions.report.intro" />
          </Text>
          <TextField
            name="description"
            label={intl.formatMessage({ id: 'conversions.report.field' })}
            description={intl.formatMessage({ id: 'conversions.report.fieldHelp' })}
            multiline
            rows={4}
            isRequired
            maxLength={DESCRIPTION_MAX}
            value={description}
            onChange={(value) => {
              setDescription(value);
              setFailed(false);
            }}
            validate={(value) =>
              value.length > 0 && value.trim().length === 0
                ? intl.formatMessage({ id: 'conversions.report.blank' })
                : null
            }
            isReadOnly={pending}
          />
          {failed ? (
            <Text tone="critical">
              <FormattedMessage id="conversions.report.failed" />
            </Text>
          ) : null}
          <Inline gap="sm" align="center">
            <Button variant="secondary" onPress={close} isDisabled={pending}>
              <FormattedMessage id="conversions.report.cancel" />
            </Button>
            <Button type="submit" isPending={pending}>
              <FormattedMessage id="conversions.report.send" />
            </Button>
          </Inline>
        </Form>
      </Dialog>
    </Modal>
  );
}
