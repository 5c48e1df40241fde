import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button, useModal } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { testUser } from '../../../api/testing/index.ts';
import { registerRecorderModals } from './register.ts';
import { tabTo } from '../../../../design-system/testing/index.ts';

/**
 * disabledMicrophone on its own: a button opens it by id through the modal store, as the recorder does
 * when the browser refuses the microphone. Keyboard only.
 */

/** Opens the modal, with a retry (as the recorder passes) or without one; shows how often it asked again. */
function Opener({ withRetry }: { withRetry: boolean }) {
  const modal = useModal<{ retry?: () => void }>('disabledMicrophone');
  const [asked, setAsked] = useState(0);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => modal.open(withRetry ? { retry: () => setAsked((n) => n + 1) } : undefined)}
      >
        Allow the microphone
      </Button>
      <p>{`Asked again: ${asked}`}</p>
    </>
  );
}

const meta = {
  title: 'Modals/Recorder',
  beforeEach: () => registerRecorderModals(),
  loaders: [async () => ({ harness: await createHarness({ path: '/new', user: testUser() }) })],
  render: () => <></>,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const scene = (withRetry: boolean): Pick<Story, 'render'> => ({
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/new">
      <main>
        <Opener withRetry={withRetry} />
      </main>
    </HarnessRouter>
  ),
});

async function open(canvasElement: HTMLElement) {
  const trigger = within(canvasElement).getByRole('button', { name: 'Allow the microphone' });
  await tabTo(trigger);
  await userEvent.keyboard('{Enter}');
  const dialog = await within(document.body).findByRole('dialog', { name: 'Microphone blocked' });
  await expect(dialog).toHaveTextContent(
    'Timbre cannot hear your microphone because access to it is blocked. Allow the microphone for this site in your browser’s address bar or settings, then try again.',
  );
  return { trigger, dialog };
}

/** From the recorder: "Try again" asks for the microphone once more and closes the modal. */
export const DisabledMicrophoneTryAgain: Story = {
  ...scene(true),
  play: async ({ canvasElement }) => {
    const { trigger, dialog } = await open(canvasElement);
    await expect(within(dialog).queryByRole('button', { name: 'OK' })).toBeNull();
    await tabTo(within(dialog).getByRole('button', { name: 'Try again' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(within(canvasElement).getByText('Asked again: 1')).toBeVisible();
  },
};

/** Without a retry it only explains; OK closes it, and Escape would too. Nothing is asked again. */
export const DisabledMicrophoneExplains: Story = {
  ...scene(false),
  play: async ({ canvasElement }) => {
    const { trigger, dialog } = await open(canvasElement);
    await tabTo(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    const again = await within(document.body).findByRole('dialog', { name: 'Microphone blocked' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(again).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(within(canvasElement).getByText('Asked again: 0')).toBeVisible();
  },
};
