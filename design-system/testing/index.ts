/**
 * What story play functions share (never imported by the app: it pulls in `storybook/test`): moving focus the
 * way a keyboard user does, and reading what the announcer said.
 */
import { expect, userEvent } from 'storybook/test';
import { announcementLog } from '../announcer/index.ts';

/** Presses Tab until `element` has focus (at most `max` times), then expects it focused. */
export async function tabTo(element: HTMLElement, max = 80) {
  for (let i = 0; i < max && document.activeElement !== element; i++) await userEvent.tab();
  await expect(element).toHaveFocus();
}

/** Every message the announcer has said since the log was last cleared, oldest first. */
export const announced = () => announcementLog.getSnapshot().context.entries.map((e) => e.message);
