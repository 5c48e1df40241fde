import { useSelector } from '@xstate/react';
import { VisuallyHidden } from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { announcementLog } from './announcer.ts';

const messages = defineMessages({
  label: { id: 'ds.announcer.label', defaultMessage: 'Recent announcements' },
});

/**
 * The hidden screen-reader announcer of SPEC.md: render it once in the app shell.
 *
 * Speaking is done by `announce()` through React Aria's live region. This component renders what was
 * last announced as a visually hidden log, so a screen-reader user who missed a message can read it back
 * (browse mode) and a test can find it. The log is deliberately not live (`aria-live="off"`): the
 * message has already been spoken once, and a second live region would say everything twice.
 */
export function Announcer() {
  const intl = useIntl();
  const entries = useSelector(announcementLog, (snapshot) => snapshot.context.entries);
  return (
    <VisuallyHidden>
      <div role="log" aria-live="off" aria-label={intl.formatMessage(messages.label)}>
        <ul>
          {entries.map((entry) => (
            <li key={entry.id} data-id={entry.id} data-politeness={entry.politeness}>
              {entry.message}
            </li>
          ))}
        </ul>
      </div>
    </VisuallyHidden>
  );
}
