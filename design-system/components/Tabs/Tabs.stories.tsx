import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tab, TabList, TabPanel, Tabs } from './Tabs.tsx';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: { children: null, onSelectionChange: fn() },
  render: ({ children: _children, ...args }) => (
    <Tabs {...args}>
      <TabList aria-label="Account">
        <Tab id="profile">Profile</Tab>
        <Tab id="plan">Plan</Tab>
        <Tab id="statistics">Statistics</Tab>
      </TabList>
      <TabPanel id="profile">
        <p>Your name and e-mail.</p>
      </TabPanel>
      <TabPanel id="plan">
        <p>Creator, billed monthly.</p>
      </TabPanel>
      <TabPanel id="statistics">
        <p>Minutes converted this month.</p>
      </TabPanel>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ArrowKeysSwitchPanels: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Profile' })).toHaveFocus();
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Your name and e-mail.');

    await userEvent.keyboard('{ArrowRight}');
    const plan = canvas.getByRole('tab', { name: 'Plan' });
    await expect(plan).toHaveFocus();
    await expect(plan).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Plan' })).toHaveTextContent('Creator, billed monthly.');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('plan');

    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tabpanel', { name: 'Statistics' })).toBeVisible();
    // Tab moves from the tab list into the panel.
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel', { name: 'Statistics' })).toHaveFocus();
  },
};

export const ManualActivation: Story = {
  args: { keyboardActivation: 'manual' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Plan' })).toHaveFocus();
    await expect(canvas.getByRole('tabpanel', { name: 'Profile' })).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('tabpanel', { name: 'Plan' })).toBeVisible();
  },
};

export const Vertical: Story = {
  args: { orientation: 'vertical' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('tabpanel', { name: 'Plan' })).toBeVisible();
  },
};
