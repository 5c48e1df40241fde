import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  announce,
  Button,
  Card,
  Form,
  Radio,
  RadioGroup,
  Stack,
  Text,
  TextField,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import { submitNps } from '../api/account-api.ts';

const SCORES = Array.from({ length: 11 }, (_, i) => i);

/**
 * The NPS survey's form: how likely the user is to recommend the product (0–10) and why, sent with POST
 * /api/v3/surveys/nps. The server takes one answer per 90 days and says when it opens again. Answered, it
 * thanks the user (toast and announcement) and tells `onAnswered`.
 */
export function NpsSurveyForm({ onAnswered }: { onAnswered?: () => void }) {
  const intl = useIntl();
  const api = useApi();
  const [score, setScore] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // The form (and its focused button) goes when the answer is sent: focus moves to the thanks, not to the page's start.
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) thanks.current?.focus();
  }, [done]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (score === null) return;
    setPending(true);
    setError(null);
    try {
      await submitNps(api, Number(score), comment);
      const message = intl.formatMessage({ id: 'account.nps.thanks' });
      setDone(true);
      addToast({ message, severity: 'success' });
      announce(message);
      onAnswered?.();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return done ? (
    <div ref={thanks} tabIndex={-1}>
      <Text>
        <FormattedMessage id="account.nps.thanks" />
      </Text>
    </div>
  ) : (
    <Form onSubmit={(e) => void submit(e)} gap="md">
      <RadioGroup
        label={intl.formatMessage({ id: 'account.nps.question' })}
        description={intl.formatMessage({ id: 'account.nps.scale' })}
        orientation="horizontal"
        isRequired
        value={score}
        onChange={setScore}
      >
        {SCORES.map((n) => (
          <Radio key={n} value={String(n)}>
            {intl.formatNumber(n)}
          </Radio>
        ))}
      </RadioGroup>
      <TextField
        multiline
        rows={3}
        maxLength={2000}
        label={intl.formatMessage({ id: 'account.nps.comment' })}
        value={comment}
        onChange={setComment}
      />
      {error ? (
        <Text tone="critical" role="alert">
          {error}
        </Text>
      ) : null}
      <Stack gap="sm">
        <div>
          <Button type="submit" isPending={pending}>
            <FormattedMessage id="account.nps.send" />
          </Button>
        </div>
      </Stack>
    </Form>
  );
}

/** The NPS survey on /account, in its card. */
export function NpsSurvey({ onAnswered }: { onAnswered?: () => void }) {
  const intl = useIntl();
  return (
    <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'account.nps.title' })}>
      <NpsSurveyForm {...(onAnswered ? { onAnswered } : {})} />
    </Card>
  );
}
