import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  Dialog,
  Flag,
  Modal,
  Spinner,
  Stack,
  Text,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useResource } from '../../../machines/index.ts';
import { listVoices } from '../api/voices-api.ts';
import * as styles from '../components/voices.css.ts';
import { useReferenceData } from '../use-reference-data.ts';

export interface AccentInfoData {
  /** The accent's locale (en-US, fr-FR…), the key of the accent infos. */
  locale: string;
}

/**
 * accentInfo: what an accent is (its name, country and flag, language and locale, from the accent infos)
 * and how many voices of the catalogue speak with it.
 */
export function AccentInfoModal({ data, close }: ModalComponentProps<AccentInfoData>) {
  const intl = useIntl();
  const api = useApi();
  const infos = useReferenceData('accentInfos');
  const locale = data?.locale ?? '';
  const count = useResource(locale ? [locale] : null, async () => {
    const page = await listVoices(api, { locales: [locale], limit: 1 });
    return page.total;
  });

  const info = infos.status === 'ready' ? infos.value[locale] : undefined;
  const title = info?.name ?? intl.formatMessage({ id: 'voices.accent.title' });
  return (
    <Modal isDismissable size="sm">
      <Dialog
        title={title}
        actions={
          <Button onPress={close}>
            <FormattedMessage id="voices.accent.close" />
          </Button>
        }
      >
        {infos.status === 'loading' ? (
          <Spinner label={intl.formatMessage({ id: 'voices.accent.loading' })} showLabel />
        ) : !info ? (
          <Text tone="critical">
            <FormattedMessage id="voices.accent.unknown" values={{ locale }} />
          </Text>
        ) : (
          <Stack gap="md">
            <div>
              <Flag
                region={info.region}
                size="lg"
                label={intl.formatMessage({ id: 'voices.accent.flag' }, { country: info.country })}
              />
            </div>
            <dl className={styles.facts}>
              <div className={styles.fact}>
                <dt>
                  <FormattedMessage id="voices.accent.country" />
                </dt>
                <dd>{info.country}</dd>
              </div>
              <div className={styles.fact}>
                <dt>
                  <FormattedMessage id="voices.accent.language" />
                </dt>
                <dd>{intl.formatDisplayName(info.language, { type: 'language' }) ?? info.language}</dd>
              </div>
              <div className={styles.fact}>
                <dt>
                  <FormattedMessage id="voices.accent.short" />
                </dt>
                <dd>{info.short_name}</dd>
              </div>
              <div className={styles.fact}>
                <dt>
                  <FormattedMessage id="voices.accent.locale" />
                </dt>
                <dd>{info.locale}</dd>
              </div>
            </dl>
            <Text tone="muted" role="status">
              {count.status === 'ready'
                ? intl.formatMessage({ id: 'voices.accent.count' }, { count: count.value, accent: info.name })
                : count.status === 'error'
                  ? count.message
                  : intl.formatMessage({ id: 'voices.accent.counting' })}
            </Text>
          </Stack>
        )}
      </Dialog>
    </Modal>
  );
}
