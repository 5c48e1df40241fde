import { useEffect, useMemo, useRef } from 'react';
import {
  Button,
  Link,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  type QueuedToast,
} from 'react-aria-components';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Icon } from '../components/Icon/Icon.tsx';
import { StoreToastQueue } from './toast-queue.ts';
import { toastStore as appToastStore, type Toast, type ToastPosition, type ToastStore } from './toast.store.ts';
import * as styles from './Toaster.css.ts';

const messages = defineMessages({
  regionBottom: { id: 'ds.toast.region', defaultMessage: 'Notifications' },
  regionTop: { id: 'ds.toast.regionTop', defaultMessage: 'Notifications at the top' },
  regionCenter: { id: 'ds.toast.regionCenter', defaultMessage: 'Notifications in the center' },
  dismiss: { id: 'ds.toast.dismiss', defaultMessage: 'Dismiss' },
  success: { id: 'ds.toast.success', defaultMessage: 'Success' },
  info: { id: 'ds.toast.info', defaultMessage: 'Information' },
  warning: { id: 'ds.toast.warning', defaultMessage: 'Warning' },
  error: { id: 'ds.toast.error', defaultMessage: 'Error' },
});

const POSITIONS: readonly ToastPosition[] = ['top', 'center', 'bottom'];
// Each region is its own landmark, so each needs its own name (axe: landmark-unique).
const REGION_LABEL: Record<ToastPosition, MessageDescriptor> = {
  top: messages.regionTop,
  center: messages.regionCenter,
  bottom: messages.regionBottom,
};

export interface ToasterProps {
  /**
   * The store whose toasts are shown; stories and tests pass their own.
   * @default the app's `toastStore`
   */
  store?: ToastStore;
}

/**
 * Renders the toasts of the store: one landmark region per position in use ("Notifications" for the
 * bottom one), newest first, over React Aria's toast region.
 *
 * Keyboard: F6 moves into and out of the regions (React Aria's landmark navigation) and Tab reaches them
 * after the page; each toast takes focus, then its action, then Dismiss. Escape dismisses the toast
 * that has focus. While the pointer is over a region or focus is in it, every display timer of that
 * region is paused, so a keyboard user can reach an action before the toast goes; when the last toast
 * goes, focus returns where it was before entering.
 *
 * Each toast is spoken by React Aria, the same way in every screen reader: its message sits in React Aria's
 * toast content, an alert made visible once the toast is mounted. The store only records it in the
 * announcer's log, so it is said once. A toast marked `spoken: false` (its outcome was already announced
 * by the page in its own words) shows its message without the alert.
 */
export function Toaster({ store = appToastStore }: ToasterProps) {
  const intl = useIntl();
  const queues = useMemo(
    () =>
      Object.fromEntries(POSITIONS.map((p) => [p, new StoreToastQueue(store, p)])) as Record<
        ToastPosition,
        StoreToastQueue
      >,
    [store],
  );
  useEffect(() => {
    const disconnect = POSITIONS.map((p) => queues[p].connect());
    return () => disconnect.forEach((fn) => fn());
  }, [queues]);

  return POSITIONS.map((position) => (
    <AriaToastRegion
      key={position}
      queue={queues[position]}
      aria-label={intl.formatMessage(REGION_LABEL[position])}
      className={styles.region({ position })}
      data-position={position}
    >
      {({ toast }) => <ToastItem toast={toast} onDismiss={() => queues[position].close(toast.key)} />}
    </AriaToastRegion>
  ));
}

function ToastItem({ toast, onDismiss }: { toast: QueuedToast<Toast>; onDismiss: () => void }) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  const { message, severity, action, spoken } = toast.content;
  const Content = spoken ? AriaToastContent : 'div';

  // React Aria's Toast takes no key handlers; Escape anywhere in the toast dismisses it.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onDismiss();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [onDismiss]);

  const runAction = () => {
    action?.onAction?.();
    onDismiss();
  };

  return (
    <AriaToast ref={ref} toast={toast} className={styles.toast({ severity })} data-severity={severity}>
      <span className={styles.icon({ severity })}>
        <Icon name={severity} label={intl.formatMessage(messages[severity])} />
      </span>
      <div className={styles.body}>
        <Content>
          <Text slot="title" elementType="p" className={styles.message}>
            {message}
          </Text>
        </Content>
        {action?.href !== undefined ? (
          <Link href={action.href} className={styles.action} onPress={runAction}>
            {action.label}
          </Link>
        ) : action ? (
          <Button className={styles.action} onPress={runAction}>
            {action.label}
          </Button>
        ) : null}
      </div>
      <Button slot="close" className={styles.dismiss} aria-label={intl.formatMessage(messages.dismiss)}>
        <Icon name="close" />
      </Button>
    </AriaToast>
  );
}
