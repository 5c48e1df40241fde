import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  announce,
  Card,
  Radio,
  RadioGroup,
  Slider,
  Stack,
  Switch,
  Text,
  themeStore,
  THEME_CHOICES,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage, useSession, type User } from '../../../machines/index.ts';
import { saveSettings, type AdvancedSettings, type SettingsRequest } from '../api/account-api.ts';
import type { MessageId } from '../../../i18n/index.ts';

const SWITCHES = ['normalize', 'denormalize', 'denoise', 'hft'] as const;

type NotificationKey = 'conversion_complete_email' | 'conversion_complete_browser';

/**
 * The account's settings, each saved as it changes (PUT /api/v3/settings): the five advanced settings every
 * new conversion is ordered with, the conversion-complete notifications (e-mail, browser) and the theme (kept
 * in this browser). A failed save puts the control back and says why.
 */
export function SettingsSection({ user }: { user: User }) {
  const intl = useIntl();
  const api = useApi();
  const session = useSession();
  const theme = useSelector(themeStore, (s) => s.context.theme);
  const saved = user.data.advanced_settings;
  const notifications = user.data.notifications ?? {
    conversion_complete_email: false,
    conversion_complete_browser: false,
  };
  const [scale, setScale] = useState(saved.emotional_scale);
  const [saving, setSaving] = useState(false);

  async function save(change: SettingsRequest) {
    setSaving(true);
    try {
      const next = await saveSettings(api, change);
      session.send({ type: 'session.userUpdated', user: next });
      announce(intl.formatMessage({ id: 'account.settings.saved' }));
    } catch (error) {
      setScale(saved.emotional_scale);
      addToast({ message: failureMessage(error), severity: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const setAdvanced = (key: keyof AdvancedSettings, value: boolean | number) =>
    void save({ advanced_settings: { [key]: value } });

  async function setNotification(key: NotificationKey, on: boolean) {
    // The browser asks for permission when the user turns browser notifications on, and a refusal keeps them off.
    if (key === 'conversion_complete_browser' && on && typeof Notification !== 'undefined') {
      const permission = await Notification.requestPermission().catch(() => 'denied' as const);
      if (permission !== 'granted') {
        addToast({ message: intl.formatMessage({ id: 'account.settings.browserDenied' }), severity: 'error' });
        return;
      }
    }
    await save({ notifications: { [key]: on } });
  }

  return (
    <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'account.settings.title' })}>
      <Stack gap="lg">
        <Stack gap="md">
          <h3>
            <FormattedMessage id="account.settings.advanced" />
          </h3>
          <Text tone="muted" size="sm">
            <FormattedMessage id="account.settings.advancedHelp" />
          </Text>
          {SWITCHES.map((key) => (
            <Switch
              key={key}
              isSelected={saved[key]}
              isDisabled={saving}
              onChange={(on) => setAdvanced(key, on)}
              description={intl.formatMessage({ id: `account.settings.${key}.help` as MessageId })}
            >
              {intl.formatMessage({ id: `account.settings.${key}` as MessageId })}
            </Switch>
          ))}
          <Slider
            label={intl.formatMessage({ id: 'account.settings.emotional_scale' })}
            description={intl.formatMessage({ id: 'account.settings.emotional_scale.help' })}
            minValue={0}
            maxValue={1}
            step={0.05}
            value={scale}
            isDisabled={saving}
            onChange={setScale}
            onChangeEnd={(value) => setAdvanced('emotional_scale', value)}
            formatOptions={{ style: 'percent' }}
          />
        </Stack>
        <Stack gap="md">
          <h3>
            <FormattedMessage id="account.settings.notifications" />
          </h3>
          <Switch
            isSelected={notifications.conversion_complete_email}
            isDisabled={saving}
            onChange={(on) => void setNotification('conversion_complete_email', on)}
          >
            {intl.formatMessage({ id: 'account.settings.notifyEmail' })}
          </Switch>
          <Switch
            isSelected={notifications.conversion_complete_browser}
            isDisabled={saving}
            onChange={(on) => void setNotification('conversion_complete_browser', on)}
          >
            {intl.formatMessage({ id: 'account.settings.notifyBrowser' })}
          </Switch>
        </Stack>
        <RadioGroup
          label={intl.formatMessage({ id: 'account.settings.theme' })}
          orientation="horizontal"
          value={theme}
          onChange={(value) => {
            themeStore.trigger.choose({ theme: value as (typeof THEME_CHOICES)[number] });
            announce(intl.formatMessage({ id: 'account.settings.saved' }));
          }}
        >
          {THEME_CHOICES.map((choice) => (
            <Radio key={choice} value={choice}>
              {intl.formatMessage({ id: `account.settings.theme.${choice}` })}
            </Radio>
          ))}
        </RadioGroup>
      </Stack>
    </Card>
  );
}
