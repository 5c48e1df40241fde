import { FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink, Inline, Spinner, Text } from '../../../../design-system/index.ts';
import type { ResourceState } from '../../../machines/index.ts';
import type { OriginalSummary } from '../api/voices-api.ts';
import * as styles from './voices.css.ts';

/**
 * Which original(s) the voices are for: the way to record one when there is none (nothing to load), else
 * their names once loaded, or that they are gone.
 */
export function OriginalsNote({ originals }: { originals: ResourceState<OriginalSummary[]> }) {
  const intl = useIntl();
  if (originals.status === 'idle') {
    return (
      <Inline gap="md" align="center">
        <p className={styles.lead}>
          <FormattedMessage id="voices.choose.noOriginal" />
        </p>
        <ButtonLink href="/new" variant="secondary" size="sm">
          <FormattedMessage id="voices.choose.record" />
        </ButtonLink>
      </Inline>
    );
  }
  if (originals.status === 'error') {
    return <Text tone="critical">{originals.message}</Text>;
  }
  if (originals.status !== 'ready') {
    return <Spinner label={intl.formatMessage({ id: 'voices.choose.originalsLoading' })} showLabel />;
  }
  return (
    <p className={styles.lead}>
      {originals.value.length === 0
        ? intl.formatMessage({ id: 'voices.choose.originalsGone' })
        : intl.formatMessage(
            { id: 'voices.choose.for' },
            { count: originals.value.length, names: intl.formatList(originals.value.map((o) => `“${o.label}”`)) },
          )}
    </p>
  );
}
