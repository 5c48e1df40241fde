import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';
import { announcementLog, clearAnnouncements } from '../../../design-system/index.ts';
import { createFakeApi, type FakeResponse } from '../../api/testing.ts';
import { testUser } from '../../machines/testing.ts';
import { createWelcomeMachine, currentStep, isBusy, type WelcomeInput } from './welcome.machine.ts';

const finished = testUser({ wizard: { completed: true, ignoreWizard: true } });
const skipped = testUser({ wizard: { skipped: true, ignoreWizard: true } });
const withProfession = testUser({ profession: 'narrator', wizard: { ignoreWizard: false } });

function start(routes: Record<string, FakeResponse>, input: WelcomeInput = {}) {
  const fake = createFakeApi(routes);
  const actor = createActor(createWelcomeMachine({ api: fake.api }), { input }).start();
  return { actor, calls: fake.calls, step: () => currentStep(actor.getSnapshot()) };
}

const announced = () => announcementLog.getSnapshot().context.entries.map((e) => e.message);

beforeEach(() => clearAnnouncements());

describe('welcome wizard machine', () => {
  it('intro → profession → saves domain info, finishes the wizard and outputs the user', async () => {
    const w = start({
      'PUT /api/v3/domain-info': { status: 200, body: withProfession },
      'PUT /api/v3/demo-wizard': { status: 200, body: finished },
    });
    expect(w.step()).toBe('intro');
    w.actor.send({ type: 'wizard.next' });
    expect(w.step()).toBe('profession');
    w.actor.send({ type: 'wizard.back' });
    expect(w.step()).toBe('intro');
    w.actor.send({ type: 'wizard.next' });
    w.actor.send({ type: 'wizard.submitProfession', profession: 'narrator', industry: 'publishing' });
    expect(isBusy(w.actor.getSnapshot())).toBe(true);
    expect(w.step()).toBe('profession');

    const user = await toPromise(w.actor);
    expect(user).toEqual(finished);
    expect(w.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/v3/domain-info', { profession: 'narrator', industry: 'publishing' }],
      ['PUT', '/api/v3/demo-wizard', { completed: true, ignoreWizard: true, step: 'profession' }],
    ]);
    expect(announced()).toContain('You are all set. Welcome to Timbre!');
  });

  it('a failed profession save stays on the step and says why', async () => {
    const w = start({
      'PUT /api/v3/domain-info': {
        status: 422,
        body: { detail: 'body/profession is too short', field: 'body/profession' },
      },
    });
    w.actor.send({ type: 'wizard.next' });
    w.actor.send({ type: 'wizard.submitProfession', profession: 'x', industry: 'y' });
    await waitFor(w.actor, (s) => s.context.error !== null);
    expect(w.step()).toBe('profession');
    expect(w.actor.getSnapshot().context.error).toBe('body/profession is too short');
    expect(w.calls.some((c) => c.path === '/api/v3/demo-wizard')).toBe(false);
  });

  it('skip from any step sends skipped and ignoreWizard', async () => {
    const w = start({ 'PUT /api/v3/demo-wizard': { status: 200, body: skipped } });
    w.actor.send({ type: 'wizard.next' });
    w.actor.send({ type: 'wizard.skip' });
    expect(w.actor.getSnapshot().matches('skipping')).toBe(true);
    expect(await toPromise(w.actor)).toEqual(skipped);
    expect(w.calls[0]?.body).toEqual({ skipped: true, ignoreWizard: true });
    expect(announced()).toContain('Welcome tour skipped.');
  });

  it('a failed skip returns to the step the user was on', async () => {
    const w = start({ 'PUT /api/v3/demo-wizard': { status: 500, body: { detail: 'Database unavailable' } } });
    w.actor.send({ type: 'wizard.next' });
    w.actor.send({ type: 'wizard.skip' });
    await waitFor(w.actor, (s) => s.context.error !== null);
    expect(w.step()).toBe('profession');
    expect(w.actor.getSnapshot().context.error).toBe('Database unavailable');
  });

  it('resumes where the user left off; without conversion steps, at the profession step', () => {
    expect(start({}, { step: 'profession' }).step()).toBe('profession');
    expect(start({}, { step: 'conversions' }).step()).toBe('profession');
    expect(start({}, { step: 'intro' }).step()).toBe('intro');
    expect(start({}, { step: null }).step()).toBe('intro');
    expect(start({}, { step: 'proccesing', conversionsLive: true }).step()).toBe('create');
  });

  it('with the conversion steps live: profession → create → proccesing → conversions → finish', async () => {
    const w = start(
      {
        'PUT /api/v3/domain-info': { status: 200, body: withProfession },
        'PUT /api/v3/demo-wizard': { status: 200, body: finished },
      },
      { conversionsLive: true },
    );
    w.actor.send({ type: 'wizard.next' });
    w.actor.send({ type: 'wizard.submitProfession', profession: 'narrator', industry: 'publishing' });
    await waitFor(w.actor, (s) => s.matches({ steps: 'create' }));
    w.actor.send({ type: 'wizard.next' });
    expect(w.step()).toBe('proccesing');
    w.actor.send({ type: 'wizard.failed', message: 'Conversion failed' });
    expect(w.step()).toBe('create');
    expect(w.actor.getSnapshot().context.error).toBe('Conversion failed');
    w.actor.send({ type: 'wizard.next' });
    w.actor.send({ type: 'wizard.processed' });
    expect(w.step()).toBe('conversions');
    w.actor.send({ type: 'wizard.finish' });
    expect(await toPromise(w.actor)).toEqual(finished);
    expect(w.calls.at(-1)?.body).toEqual({ completed: true, ignoreWizard: true, step: 'conversions' });
  });
});
