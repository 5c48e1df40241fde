import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { liveEventBus } from '../../../machines/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { testUser } from '../../../api/testing/index.ts';
import {
  conversionsRoutes,
  finished,
  makeConversion,
  makeOriginal,
  type ConversionsState,
} from '../components/story-server.ts';
import { NOTIFY_ON_FINISH_KEY, notifySettingStore } from '../conversion-preferences.ts';
import { NotifyOnFinishSwitch, useFinishNotifications } from './finish-notifications.tsx';
import { announced } from '../../../../design-system/testing/index.ts';

/**
 * "Notify me when a conversion finishes", with the browser's Notification and the tab's visibility faked:
 * turning it on asks the permission; a conversion.finished live event in a hidden tab shows the notification.
 */

const original = makeOriginal();
const conversion = makeConversion(1, original, 'Ada', 'processing');

interface Shown {
  title: string;
  options?: NotificationOptions;
}

function fakeNotifications(answer: NotificationPermission) {
  const shown: Shown[] = [];
  const asked: number[] = [];
  let permission: NotificationPermission = 'default';
  class FakeNotification {
    static get permission() {
      return permission;
    }
    static requestPermission() {
      asked.push(1);
      permission = answer;
      return Promise.resolve(answer);
    }
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options });
    }
  }
  const real = Object.getOwnPropertyDescriptor(globalThis, 'Notification');
  Object.defineProperty(globalThis, 'Notification', { value: FakeNotification, configurable: true, writable: true });
  let hidden = false;
  Object.defineProperty(document, 'visibilityState', {
    get: () => (hidden ? 'hidden' : 'visible'),
    configurable: true,
  });
  return {
    shown,
    asked,
    hide: (value: boolean) => {
      hidden = value;
    },
    restore: () => {
      if (real) Object.defineProperty(globalThis, 'Notification', real);
      // The own property shadowed Document.prototype's getter; removing it brings the real one back.
      delete (document as { visibilityState?: unknown }).visibilityState;
    },
  };
}

type Fake = ReturnType<typeof fakeNotifications>;
interface Loaded {
  harness: Harness;
  fake: Fake;
}

async function load(answer: NotificationPermission): Promise<Loaded> {
  const state: ConversionsState = { originals: [original], conversions: [structuredClone(conversion)] };
  const harness = await createHarness({ path: '/studio', user: testUser(), routes: conversionsRoutes(state) });
  return { harness, fake: fakeNotifications(answer) };
}

function Listening() {
  useFinishNotifications(original);
  return <NotifyOnFinishSwitch />;
}

const meta = {
  title: 'Conversions/Notify when finished',
  beforeEach: () => {
    notifySettingStore.trigger.set({ enabled: false });
    return () => notifySettingStore.trigger.set({ enabled: false });
  },
  render: (_args, { loaded }) => (
    <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/studio">
      <main>
        <Listening />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const send = () =>
  liveEventBus.trigger.received({
    events: [finished({ ...conversion, state: 'done', process_stage: null })],
    gap: false,
  });

/** On by keyboard: the browser is asked, the choice kept; a finished conversion in a hidden tab notifies. */
export const TurnOnAndNotify: Story = {
  loaders: [() => load('granted')],
  play: async ({ canvasElement, loaded }) => {
    const { fake } = loaded as unknown as Loaded;
    try {
      const toggle = within(canvasElement).getByRole('switch', { name: 'Notify me when a conversion finishes' });
      await userEvent.tab();
      await expect(toggle).toHaveFocus();
      await userEvent.keyboard(' ');
      await waitFor(() => expect(toggle).toBeChecked());
      await expect(fake.asked).toHaveLength(1);
      await expect(localStorage.getItem(NOTIFY_ON_FINISH_KEY)).toBe('true');
      await expect(announced()).toContain('You will be notified when a conversion finishes.');

      // A visible tab shows the result itself: no notification.
      send();
      await expect(fake.shown).toHaveLength(0);

      fake.hide(true);
      send();
      await waitFor(() => expect(fake.shown).toHaveLength(1));
      await expect(fake.shown[0]).toEqual({
        title: 'Conversion complete.',
        options: { body: 'Ada · Welcome take', tag: conversion.id },
      });
    } finally {
      fake.restore();
    }
  },
};

/** Refused by the browser: the switch stays off and says how to allow it; nothing is shown. */
export const PermissionDenied: Story = {
  loaders: [() => load('denied')],
  play: async ({ canvasElement, loaded }) => {
    const { fake } = loaded as unknown as Loaded;
    try {
      const toggle = within(canvasElement).getByRole('switch', { name: 'Notify me when a conversion finishes' });
      await userEvent.tab();
      await userEvent.keyboard(' ');
      await waitFor(() =>
        expect(announced()).toContain(
          'The browser blocks notifications from this site. Allow them in the site’s settings, then turn this on.',
        ),
      );
      await expect(toggle).not.toBeChecked();
      await expect(localStorage.getItem(NOTIFY_ON_FINISH_KEY)).toBeNull();
      fake.hide(true);
      send();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(fake.shown).toHaveLength(0);
    } finally {
      fake.restore();
    }
  },
};
