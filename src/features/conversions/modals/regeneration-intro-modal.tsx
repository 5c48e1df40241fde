import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  Checkbox,
  Dialog,
  Modal,
  Stack,
  Text,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { hideRegenerationIntro } from '../conversion-preferences.ts';
import type { RegenerationSettingsData } from './regeneration-settings-modal.tsx';
import { openModal } from '../../../shared/modals/index.ts';

/** regenerationIntro is opened with what regenerationSettings needs next. */
export type RegenerationIntroData = RegenerationSettingsData;

/**
 * regenerationIntro: what regenerating a conversion does (a new conversion of the same original into the
 * same voice, with other settings; the first one stays). Continue goes on to regenerationSettings; "Don't
 * show again" is kept on this device, and the menu then opens the settings directly.
 */
export function RegenerationIntroModal({ data, close }: ModalComponentProps<RegenerationIntroData>) {
  const intl = useIntl();
  const [dontShow, setDontShow] = useState(false);
  if (!data) return null;
  return (
    <Modal>
      <Dialog
        title={intl.formatMessage({ id: 'conversions.regenerate.intro.title' })}
        actions={
          <>
            <Button variant="secondary" onPress={close}>
              <FormattedMessage id="conversions.regenerate.intro.cancel" />
            </Button>
            <Button
              onPress={() => {
                if (dontShow) hideRegenerationIntro(true);
                close();
                openModal({ id: 'regenerationSettings', data });
              }}
            >
              <FormattedMessage id="conversions.regenerate.intro.continue" />
            </Button>
          </>
        }
      >
        <Stack gap="sm">
          <Text>
            <FormattedMessage id="conversions.regenerate.intro.body" values={{ name: data.name }} />
          </Text>
          <Text>
            <FormattedMessage id="conversions.regenerate.intro.cost" />
          </Text>
          <Checkbox isSelected={dontShow} onChange={setDontShow}>
            {intl.formatMessage({ id: 'conversions.regenerate.intro.dontShow' })}
          </Checkbox>
        </Stack>
      </Dialog>
    </Modal>
  );
}
