import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { announce, Button, Checkbox, Stack, Text } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useEnabledCalibration } from '../../../shared/voice-settings/use-enabled-calibration.ts';
import {
  browserStorage,
  clearNewOriginal,
  failureMessage,
  lastUsedVoicesStore,
  originalHref,
  useResource,
  useSession,
  useVoiceSelection,
} from '../../../machines/index.ts';
import {
  conversionErrorOf,
  createOrder,
  getConversionCounts,
  getProject,
  type Recording,
} from '../api/conversions-api.ts';
import { existingConversions } from '../conversion-counts.ts';
import { NotifyOnFinishSwitch } from '../notifications/finish-notifications.tsx';
import { upgradeReasonOf } from '../../../shared/upgrade-reason.ts';
import { openUpgradePrompt } from '../../../shared/upgrade-prompt.ts';
import { acceptTermsBeforeOrder } from '../../../shared/terms-gate.ts';
import type { MessageId } from '../../../i18n/index.ts';
import * as styles from './conversions.css.ts';

/** An original the order converts, as the page that hosts the button knows it. */
export interface OrderOriginal {
  id: string;
  label: string;
}

export interface OrderConversionsProps {
  /** The originals to convert (the new-original data's), each into every chosen voice. */
  originals: readonly OrderOriginal[];
  /**
   * Shows a message at chosen voices, by voice id, when the server refuses one of them (422 naming
   * body/conversions/N/…); called with {} when an order starts.
   */
  onVoiceErrors: (errors: Record<string, string>) => void;
  /** A class for what shows besides the button and an error (the hint and the notify switch), e.g. to fold them away. */
  detailsClassName?: string;
}

// The voice settings a refused conversion names, in the user's words; any other field keeps the server's.
const FIELD_MESSAGES: Record<string, MessageId> = {
  voice_id: 'conversions.order.invalid.voice',
  accent_id: 'conversions.order.invalid.accent',
  narration_style_id: 'conversions.order.invalid.style',
};

// Reasons the voice screens' own prompt explains; the others are the plan's (upgradePlan).

/**
 * "Order conversions" on /choose-voices: one order per original (POST /api/v2/orders) with the chosen voices
 * and their settings. Placed, the choice is cleared, the voices become the last used, it is announced, and
 * the user goes to the original on its project page. Before the account's first order the acceptableUsePolicy
 * modal asks to accept the policy (declined: nothing is ordered, and it says so). A plan that does not allow it
 * (402) opens the upgrade prompt for its reason; a refused voice (422) is shown at that voice; anything else
 * below the button.
 */
export function OrderConversions({ originals, onVoiceErrors, detailsClassName }: OrderConversionsProps) {
  const intl = useIntl();
  const api = useApi();
  const navigate = useNavigate();
  const { user } = useSession();
  const selection = useVoiceSelection();
  const [pending, setPending] = useState(false);
  // The user's enabled calibration, offered for the order (SPEC.md section 7: use_calibration, calibration_id).
  const calibration = useEnabledCalibration();
  const [useCalibration, setUseCalibration] = useState(true);
  const calibrated = calibration !== null && useCalibration;
  const [error, setError] = useState<string | null>(null);
  // Originals already ordered in this visit: pressing again after a later one failed orders only the rest.
  const ordered = useRef(new Map<string, Recording[]>());
  const hintId = useId();

  const count = selection.choices.length;
  const reason =
    originals.length === 0
      ? intl.formatMessage({ id: 'conversions.order.needsOriginal' })
      : count === 0
        ? intl.formatMessage({ id: 'conversions.order.needsVoice' })
        : null;
  const summary = intl.formatMessage(
    { id: 'conversions.order.summary' },
    {
      count: count * originals.length,
      originals: originals.length,
      names: intl.formatList(originals.map((o) => `“${o.label}”`)),
    },
  );

  // What each original already has in the chosen voices (POST /api/recordings/conversion-count), so a voice
  // is not ordered twice by mistake.
  const voiceIds = [...new Set(selection.choices.map((c) => c.id))].sort();
  const counts = useResource(
    originals.length > 0 && voiceIds.length > 0
      ? ['conversion-count', ...originals.map((o) => o.id), '|', ...voiceIds]
      : null,
    (signal) => Promise.all(originals.map((original) => getConversionCounts(api, original.id, voiceIds, { signal }))),
    { keepValue: true },
  );
  const already =
    counts.status === 'ready' && voiceIds.length > 0
      ? originals.flatMap((original, i) => {
          const found = existingConversions(counts.value[i] ?? {}, selection.choices);
          if (found.length === 0) return [];
          const list = intl.formatList(
            found.map((f) =>
              intl.formatMessage({ id: 'conversions.order.alreadyVoice' }, { count: f.count, name: f.name }),
            ),
          );
          return [
            {
              id: original.id,
              text: intl.formatMessage({ id: 'conversions.order.already' }, { original: original.label, list }),
            },
          ];
        })
      : [];

  const refused = (failure: unknown) => {
    const upgrade = upgradeReasonOf(failure);
    if (upgrade) {
      openUpgradePrompt(upgrade);
      return;
    }
    const at = conversionErrorOf(failure);
    const choice = at ? selection.choices[at.index] : undefined;
    if (at && choice) {
      const messageId = at.field ? FIELD_MESSAGES[at.field] : undefined;
      const message = messageId ? intl.formatMessage({ id: messageId }) : at.message;
      onVoiceErrors({ [choice.id]: message });
      announce(intl.formatMessage({ id: 'conversions.order.voiceRefused' }, { name: choice.name, message }), {
        politeness: 'assertive',
      });
      return;
    }
    const message = intl.formatMessage({ id: 'conversions.order.failed' }, { reason: failureMessage(failure) });
    setError(message);
    announce(message, { politeness: 'assertive' });
  };

  const order = async () => {
    if (pending || reason) return;
    setPending(true);
    setError(null);
    onVoiceErrors({});
    // Before the account's first conversion the acceptable use policy is accepted, once; declined, nothing is sent.
    if (!(await acceptTermsBeforeOrder(user))) {
      setPending(false);
      const message = intl.formatMessage({ id: 'conversions.order.termsDeclined' });
      setError(message);
      announce(message, { politeness: 'assertive' });
      return;
    }
    const choices = selection.choices;
    try {
      for (const original of originals) {
        if (ordered.current.has(original.id)) continue;
        const response = await createOrder(api, {
          original_id: original.id,
          conversions: selection.conversions,
          use_calibration: calibrated,
          ...(calibrated ? { calibration_id: calibration.id } : {}),
        });
        ordered.current.set(original.id, response.conversions);
      }
    } catch (failure) {
      setPending(false);
      refused(failure);
      return;
    }
    const now = Date.now();
    choices.forEach((choice, i) => lastUsedVoicesStore.trigger.used({ entry: choice, time: now + i }));
    selection.clear();
    clearNewOriginal(browserStorage());
    const first = originals[0]!;
    const placed = ordered.current.get(first.id)?.[0];
    announce(intl.formatMessage({ id: 'conversions.order.done' }, { count: count * originals.length }));
    let href = '/projects';
    if (placed) {
      try {
        const project = await getProject(api, placed.project_id);
        href = originalHref(project.url, placed.parent_folder_id, first.id);
      } catch {
        // The order is placed: the projects list is the way there when the project can not be read now.
      }
    }
    void navigate(href);
  };

  return (
    <Stack gap="sm" align="start">
      <Button
        variant="primary"
        isDisabled={reason !== null}
        isPending={pending}
        aria-describedby={hintId}
        onPress={() => void order()}
      >
        <FormattedMessage id="conversions.order.button" />
      </Button>
      {error ? <Text tone="critical">{error}</Text> : null}
      <div className={detailsClassName}>
        <Stack gap="sm" align="start">
          <Text tone="muted" id={hintId}>
            {reason ?? summary}
          </Text>
          {calibration ? (
            <Checkbox
              isSelected={useCalibration}
              onChange={setUseCalibration}
              description={intl.formatMessage({ id: 'calibrations.order.hint' })}
            >
              {intl.formatMessage({ id: 'calibrations.order.use' }, { name: calibration.name })}
            </Checkbox>
          ) : null}
          {already.length > 0 ? (
            <ul className={styles.already} aria-label={intl.formatMessage({ id: 'conversions.order.alreadyLabel' })}>
              {already.map((line) => (
                <li key={line.id}>
                  <Text tone="muted">{line.text}</Text>
                </li>
              ))}
            </ul>
          ) : null}
          <NotifyOnFinishSwitch />
        </Stack>
      </div>
    </Stack>
  );
}
