import type { LiveEvent } from '../../../api/index.ts';
import { t } from '../../../i18n/index.ts';

/** What the browser allows: Notification.permission, or 'unsupported' where there is no Notification. */
export type NotifyPermission = NotificationPermission | 'unsupported';

export interface FinishNotificationInput {
  /** The user turned "Notify me when a conversion finishes" on. */
  enabled: boolean;
  permission: NotifyPermission;
  /** document.visibilityState === 'hidden': a visible tab already shows the result (and its toast). */
  hidden: boolean;
  event: LiveEvent;
  /** The original's name, when it is known. */
  originalName: string | null;
}

export interface FinishNotification {
  title: string;
  body: string;
}

/**
 * Whether a live event becomes a browser notification, and its words: only conversion.finished of a
 * completed conversion, only when the user opted in, the browser granted it and the tab is hidden. The
 * title is SPEC.md section 8's "Conversion complete."; the body names the voice and the original.
 */
export function finishNotification(input: FinishNotificationInput): FinishNotification | null {
  const { enabled, permission, hidden, event, originalName } = input;
  if (!enabled || permission !== 'granted' || !hidden) return null;
  if (event.type !== 'conversion.finished' || event.data.recording.state !== 'done') return null;
  const { recording } = event.data;
  const voice = recording.voice_name ?? recording.label;
  return { title: t('live.conversion.complete'), body: originalName ? `${voice} · ${originalName}` : voice };
}
