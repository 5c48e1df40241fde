import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../components/Button/Button.tsx';
import { Announcer } from './Announcer.tsx';
import { announce, clearAnnouncements, progressMilestone } from './announcer.ts';

const meta = {
  title: 'Feedback/Announcer',
  component: Announcer,
  beforeEach: () => {
    clearAnnouncements();
  },
} satisfies Meta<typeof Announcer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** React Aria's own live regions, where the message is actually spoken from. */
const liveRegion = (politeness: 'polite' | 'assertive') =>
  document.body.querySelector<HTMLElement>(`[aria-live="${politeness}"][role="log"]`);

export const PoliteAndAssertive: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Button onPress={() => announce('Conversion started')}>Start conversion</Button>
      <Button variant="danger" onPress={() => announce('Upload failed', { politeness: 'assertive' })}>
        Fail upload
      </Button>
      <Announcer />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = canvas.getByRole('log', { name: 'Recent announcements' });
    // The hidden log is not itself live: the message is spoken once, by React Aria's region.
    await expect(log).toHaveAttribute('aria-live', 'off');

    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Start conversion' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(within(log).getByText('Conversion started')).toBeInTheDocument();
    await waitFor(() => expect(liveRegion('polite')).toHaveTextContent('Conversion started'));

    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(within(log).getByText('Upload failed')).toBeInTheDocument();
    await waitFor(() => expect(liveRegion('assertive')).toHaveTextContent('Upload failed'));
  },
};

const PERCENTS = [0, 12, 30, 47, 55, 80, 96, 100];

/** Progress reported eight times is announced at its milestones only. */
export const ProgressMilestones: Story = {
  render: () => {
    const run = () => {
      let previous: number | null = null;
      for (const percent of PERCENTS) {
        const milestone = progressMilestone(previous, percent);
        if (milestone === 'start') announce('Conversion started');
        else if (milestone === 'done') announce('Conversion complete.');
        else if (milestone) announce(`Conversion ${milestone}% done`);
        previous = percent;
      }
    };
    return (
      <div>
        <Button onPress={run}>Run conversion</Button>
        <Announcer />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    const items = within(canvas.getByRole('log', { name: 'Recent announcements' })).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Conversion started',
      'Conversion 25% done',
      'Conversion 50% done',
      'Conversion 75% done',
      'Conversion complete.',
    ]);
  },
};
