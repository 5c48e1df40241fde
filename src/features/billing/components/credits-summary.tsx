import { useIntl } from 'react-intl';
import { abbreviateNumber, Icon, Link } from '../../../../design-system/index.ts';
import { useSubscription } from '../../../machines/index.ts';
import * as styles from './billing.css.ts';

/**
 * What is left, in the app's header: minutes (plan and bought) and TTS characters, live from
 * credits.updated2, as a link to the plan page. Admins, who are never charged, see nothing.
 */
export function CreditsSummary() {
  const intl = useIntl();
  const { facts, credits } = useSubscription();
  if (!facts || facts.role === 'admin' || !credits) return null;
  const minutes = intl.formatNumber(Math.max(0, credits.available_seconds) / 60, { maximumFractionDigits: 1 });
  const text =
    credits.tts_chars > 0
      ? intl.formatMessage(
          { id: 'billing.summary.withCharacters' },
          { minutes, characters: abbreviateNumber(credits.tts_chars) },
        )
      : intl.formatMessage({ id: 'billing.summary.minutes' }, { minutes });
  return (
    <Link
      variant="standalone"
      href="/account/plan"
      aria-label={intl.formatMessage({ id: 'billing.summary.label' }, { text })}
    >
      <span className={styles.summary} data-testid="credits-summary">
        <Icon name="credit" size="sm" />
        {text}
      </span>
    </Link>
  );
}
