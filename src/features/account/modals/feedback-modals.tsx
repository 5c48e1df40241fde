import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  announce,
  Button,
  Dialog,
  FileTrigger,
  Form,
  formatSize,
  Inline,
  Link,
  Modal,
  Select,
  Stack,
  Text,
  TextField,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { isApiError, useApi } from '../../../api/index.ts';
import { failureMessage, useSession } from '../../../machines/index.ts';
import { EXTERNAL_LINKS } from '../../../shared/external-links.ts';
import { closeModalsAfter } from '../../../shared/modals/index.ts';
import { sendFeedback } from '../api/account-api.ts';
import type { MessageId } from '../../../i18n/index.ts';

/** openapi/auth.yaml FeedbackForm: at most 10 attachments. */
export const MAX_FEEDBACK_FILES = 10;

const FEEDBACK_TOPICS = ['general', 'bug', 'voices', 'billing', 'idea'] as const;
const HELP_TOPICS = ['recording', 'conversion', 'voices', 'billing', 'account'] as const;

/** The form both modals send (POST /api/v3/feedback): topic, name, e-mail, description and files. */
function FeedbackForm({ type, close }: { type: 'feedback' | 'help'; close: () => void }) {
  const intl = useIntl();
  const api = useApi();
  const { user } = useSession();
  const topics = type === 'feedback' ? FEEDBACK_TOPICS : HELP_TOPICS;
  const [topic, setTopic] = useState<string>(topics[0]);
  const [name, setName] = useState(user ? `${user.first_name} ${user.last_name}`.trim() : '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const topicLabel = (id: string) => intl.formatMessage({ id: `account.feedback.topic.${id}` as MessageId });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      const detail = await sendFeedback(api, {
        type,
        topic: topicLabel(topic),
        name: name.trim() || undefined,
        email: email.trim() || undefined,
        description,
        files,
      });
      addToast({ message: detail, severity: 'success' });
      announce(detail);
      closeModalsAfter({ entity: 'feedback', action: 'send', ok: true });
      close();
    } catch (failure) {
      const field = isApiError(failure) ? failure.field?.replace(/^body\//, '') : undefined;
      if (field && ['name', 'email', 'description', 'topic'].includes(field)) {
        setFieldErrors({ [field]: failureMessage(failure) });
      } else {
        setError(failureMessage(failure));
      }
      // SPEC.md section 8's words for a failed feedback call.
      addToast({ message: intl.formatMessage({ id: 'account.feedback.failed' }), severity: 'error' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Form onSubmit={(e) => void submit(e)} validationErrors={fieldErrors} gap="md">
      <Select
        label={intl.formatMessage({ id: 'account.feedback.topic' })}
        selectedKey={topic}
        onSelectionChange={(key) => setTopic(String(key))}
        options={topics.map((id) => ({ id, label: topicLabel(id) }))}
      />
      <TextField
        name="name"
        label={intl.formatMessage({ id: 'account.feedback.name' })}
        value={name}
        onChange={setName}
        minLength={2}
        maxLength={32}
        autoComplete="name"
      />
      <TextField
        name="email"
        type="email"
        label={intl.formatMessage({ id: 'account.feedback.email' })}
        value={email}
        onChange={setEmail}
        autoComplete="email"
      />
      <TextField
        name="description"
        multiline
        rows={5}
        isRequired
        minLength={2}
        maxLength={5000}
        label={intl.formatMessage({
          id: type === 'feedback' ? 'account.feedback.description' : 'account.help.question',
        })}
        value={description}
        onChange={setDescription}
      />
      <Stack gap="sm">
        <Inline gap="md" align="center">
          <FileTrigger
            variant="secondary"
            allowsMultiple
            isDisabled={files.length >= MAX_FEEDBACK_FILES}
            onSelect={(list) => {
              if (!list) return;
              const next = [...files, ...Array.from(list)].slice(0, MAX_FEEDBACK_FILES);
              setFiles(next);
              announce(intl.formatMessage({ id: 'account.feedback.filesCount' }, { count: next.length }));
            }}
          >
            <FormattedMessage id="account.feedback.attach" />
          </FileTrigger>
          <Text tone="muted" size="sm">
            <FormattedMessage id="account.feedback.filesCount" values={{ count: files.length }} />
          </Text>
        </Inline>
        {files.length > 0 ? (
          <ul aria-label={intl.formatMessage({ id: 'account.feedback.filesLabel' })}>
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                <Inline gap="sm" align="center">
                  <span>
                    {file.name} ({formatSize(file.size)})
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={intl.formatMessage({ id: 'account.feedback.remove' }, { name: file.name })}
                    onPress={() => setFiles(files.filter((_, i) => i !== index))}
                  >
                    <FormattedMessage id="account.feedback.removeShort" />
                  </Button>
                </Inline>
              </li>
            ))}
          </ul>
        ) : null}
      </Stack>
      {error ? (
        <Text tone="critical" role="alert">
          {error}
        </Text>
      ) : null}
      <Inline gap="md" justify="end">
        <Button variant="secondary" onPress={close}>
          <FormattedMessage id="account.cancel" />
        </Button>
        <Button type="submit" isPending={pending}>
          <FormattedMessage id="account.feedback.send" />
        </Button>
      </Inline>
    </Form>
  );
}

/** provideFeedback: tell the team what works and what does not, with screenshots or recordings attached. */
export function ProvideFeedbackModal({ close }: ModalComponentProps) {
  const intl = useIntl();
  return (
    <Modal isDismissable size="md">
      <Dialog title={intl.formatMessage({ id: 'account.feedback.title' })}>
        <Stack gap="md">
          <Text tone="muted">
            <FormattedMessage id="account.feedback.intro" />
          </Text>
          <FeedbackForm type="feedback" close={close} />
        </Stack>
      </Dialog>
    </Modal>
  );
}

/** getHelp: the ways to get help (FAQ, the help video, a call) and a question to the team. */
export function GetHelpModal({ close }: ModalComponentProps) {
  const intl = useIntl();
  return (
    <Modal isDismissable size="md">
      <Dialog title={intl.formatMessage({ id: 'account.help.title' })}>
        <Stack gap="md">
          <ul>
            <li>
              <Link href="/faq" onPress={close}>
                <FormattedMessage id="account.help.faq" />
              </Link>
            </li>
            <li>
              <Link href="/help-video" onPress={close}>
                <FormattedMessage id="account.help.video" />
              </Link>
            </li>
            <li>
              <Link href={EXTERNAL_LINKS.requestCall} isExternal>
                <FormattedMessage id="account.help.call" />
              </Link>
            </li>
          </ul>
          <FeedbackForm type="help" close={close} />
        </Stack>
      </Dialog>
    </Modal>
  );
}
