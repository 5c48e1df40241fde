import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { announce, Switch } from '../../../../design-system/index.ts';
import { useApi, type ApiClients } from '../../../api/index.ts';
import { onLiveEvents } from '../../../machines/index.ts';
import { getRecording } from '../api/conversions-api.ts';
import { notifySettingStore } from '../conversion-preferences.ts';
import { finishNotification, type NotifyPermission } from './finish-notification.ts';
import { trackUsage } from '../../../shared/analytics/usage-events.ts';

/** What the browser allows now. */
export function notifyPermission(): NotifyPermission {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification.permission : 'unsupported';
}

// Originals' names the page knows (their conversions lists register them), so a notification names the
// original without asking the server.
const originalNames = new Map<string, string>();
let listeners = 0;
let stop: (() => void) | null = null;

async function originalName(api: ApiClients, id: string | null): Promise<string | null> {
  if (!id) return null;
  const known = originalNames.get(id);
  if (known) return known;
  try {
    const original = await getRecording(api, id);
    originalNames.set(id, original.label);
    return original.label;
  } catch {
    return null;
  }
}

function start(api: ApiClients) {
  return onLiveEvents((events) => {
    for (const event of events) {
      if (event.type !== 'conversion.finished') continue;
      if (event.data.recording.state === 'done') trackUsage('conversion_finished');
      const base = {
        enabled: notifySettingStore.getSnapshot().context.enabled,
        permission: notifyPermission(),
        hidden: document.visibilityState === 'hidden',
        event,
      };
      // Nothing to show: do not fetch the original's name either.
      if (!finishNotification({ ...base, originalName: null })) continue;
      void originalName(api, event.data.recording.original_id).then((name) => {
        const shown = finishNotification({ ...base, originalName: name });
        if (shown) new Notification(shown.title, { body: shown.body, tag: event.data.recording.id });
      });
    }
  });
}

/**
 * While mounted, a finished conversion shows a browser notification when the user opted in, granted it and
 * the tab is hidden. One listener serves every caller, however many conversions lists are on the page;
 * `original` names an original for the notifications of its conversions.
 */
export function useFinishNotifications(original?: { id: string; label: string }) {
  const api = useApi();
  useEffect(() => {
    if (original) originalNames.set(original.id, original.label);
  }, [original?.id, original?.label]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    listeners += 1;
    stop ??= start(api);
    return () => {
      listeners -= 1;
      if (listeners === 0) {
        stop?.();
        stop = null;
      }
    };
  }, [api]);
}

/**
 * "Notify me when a conversion finishes": turning it on asks the browser's permission; refused, it stays
 * off and says how to allow it. The choice is kept on this device.
 */
export function NotifyOnFinishSwitch() {
  const intl = useIntl();
  const enabled = useSelector(notifySettingStore, (s) => s.context.enabled);
  const [permission, setPermission] = useState<NotifyPermission>(notifyPermission);
  const [asking, setAsking] = useState(false);
  const unsupported = permission === 'unsupported';
  const on = enabled && permission === 'granted';

  const turn = async (wanted: boolean) => {
    if (!wanted) {
      notifySettingStore.trigger.set({ enabled: false });
      announce(intl.formatMessage({ id: 'conversions.notify.off' }));
      return;
    }
    setAsking(true);
    let answer: NotifyPermission = notifyPermission();
    try {
      if (answer === 'default') answer = await Notification.requestPermission();
    } catch {
      answer = notifyPermission();
    }
    setAsking(false);
    setPermission(answer);
    notifySettingStore.trigger.set({ enabled: answer === 'granted' });
    announce(intl.formatMessage({ id: answer === 'granted' ? 'conversions.notify.on' : 'conversions.notify.denied' }), {
      politeness: answer === 'granted' ? 'polite' : 'assertive',
    });
  };

  const description = unsupported
    ? intl.formatMessage({ id: 'conversions.notify.unsupported' })
    : permission === 'denied'
      ? intl.formatMessage({ id: 'conversions.notify.denied' })
      : intl.formatMessage({ id: 'conversions.notify.help' });
  return (
    <Switch
      isSelected={on}
      isDisabled={unsupported || asking}
      onChange={(value) => void turn(value)}
      description={description}
    >
      {intl.formatMessage({ id: 'conversions.notify.label' })}
    </Switch>
  );
}
