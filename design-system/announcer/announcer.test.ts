import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import {
  ANNOUNCEMENT_LOG_SIZE,
  announce,
  announceAction,
  announcementLog,
  clearAnnouncements,
  progressMilestone,
  setAnnouncerSink,
  type AnnouncerSink,
} from './announcer.ts';

let spoken: ReturnType<typeof vi.fn<AnnouncerSink>>;
let restore: () => void;
beforeEach(() => {
  spoken = vi.fn<AnnouncerSink>();
  restore = setAnnouncerSink(spoken);
  clearAnnouncements();
});
afterEach(() => restore());

describe('announce', () => {
  it('speaks politely by default and keeps the message in the log', () => {
    announce('Conversion started');
    expect(spoken).toHaveBeenCalledWith('Conversion started', 'polite', undefined);
    expect(announcementLog.getSnapshot().context.entries.map((e) => e.message)).toEqual(['Conversion started']);
  });

  it('speaks assertively when asked', () => {
    announce('Upload failed', { politeness: 'assertive', timeout: 3000 });
    expect(spoken).toHaveBeenCalledWith('Upload failed', 'assertive', 3000);
  });

  it('ignores blank messages', () => {
    announce('   ');
    expect(spoken).not.toHaveBeenCalled();
    expect(announcementLog.getSnapshot().context.entries).toEqual([]);
  });

  it('keeps only the latest messages in the log', () => {
    for (let i = 1; i <= ANNOUNCEMENT_LOG_SIZE + 2; i++) announce(`Message ${i}`);
    const messages = announcementLog.getSnapshot().context.entries.map((e) => e.message);
    expect(messages).toHaveLength(ANNOUNCEMENT_LOG_SIZE);
    expect(messages.at(-1)).toBe(`Message ${ANNOUNCEMENT_LOG_SIZE + 2}`);
  });

  it('goes back to the previous sink on restore', () => {
    const other = vi.fn<AnnouncerSink>();
    const undo = setAnnouncerSink(other);
    announce('One');
    undo();
    announce('Two');
    expect(other).toHaveBeenCalledTimes(1);
    expect(spoken).toHaveBeenCalledWith('Two', 'polite', undefined);
  });
});

describe('announceAction in a statechart', () => {
  const conversion = setup({
    types: { events: {} as { type: 'conversion.finish' } | { type: 'conversion.fail' } },
    actions: { announce: announceAction },
  }).createMachine({
    id: 'conversion',
    initial: 'processing',
    entry: { type: 'announce', params: { message: 'Conversion started' } },
    states: {
      processing: {
        on: {
          'conversion.finish': {
            target: 'done',
            actions: { type: 'announce', params: { message: 'Conversion complete.' } },
          },
          'conversion.fail': {
            target: 'failed',
            actions: { type: 'announce', params: { message: 'Conversion failed', politeness: 'assertive' } },
          },
        },
      },
      done: { type: 'final' },
      failed: { type: 'final' },
    },
  });

  it('announces through the named action', () => {
    // Arrange
    const actor = createActor(conversion).start();
    // Act
    actor.send({ type: 'conversion.finish' });
    // Assert
    expect(actor.getSnapshot().value).toBe('done');
    expect(spoken.mock.calls).toEqual([
      ['Conversion started', 'polite', undefined],
      ['Conversion complete.', 'polite', undefined],
    ]);
  });

  it('announces failures assertively', () => {
    const actor = createActor(conversion).start();
    actor.send({ type: 'conversion.fail' });
    expect(spoken).toHaveBeenLastCalledWith('Conversion failed', 'assertive', undefined);
  });

  it('can be swapped for a test double with provide()', () => {
    const double = vi.fn();
    const actor = createActor(conversion.provide({ actions: { announce: double } })).start();
    actor.send({ type: 'conversion.finish' });
    expect(double).toHaveBeenCalledTimes(2);
    expect(spoken).not.toHaveBeenCalled();
  });
});

describe('progressMilestone', () => {
  it.each([
    [null, 0, 'start'],
    [undefined, 30, 'start'],
    [null, 100, 'done'],
    [0, 0, null],
    [0, 24.9, null],
    [0, 25, '25'],
    [24, 26, '25'],
    [25, 49, null],
    [49, 50, '50'],
    [50, 74, null],
    [74, 75, '75'],
    [10, 80, '75'],
    [75, 99.9, null],
    [99, 100, 'done'],
    [60, 120, 'done'],
    [100, 100, null],
    [80, 40, null],
    [10, Number.NaN, null],
  ] as const)('%s → %s gives %s', (previous, next, expected) => {
    expect(progressMilestone(previous, next)).toBe(expected);
  });

  it('announces each milestone of a run once', () => {
    const reports = [0, 5, 20, 26, 40, 51, 52, 70, 76, 90, 100, 100];
    const milestones: string[] = [];
    let previous: number | null = null;
    for (const report of reports) {
      const milestone = progressMilestone(previous, report);
      if (milestone) milestones.push(milestone);
      previous = report;
    }
    expect(milestones).toEqual(['start', '25', '50', '75', 'done']);
  });
});
