import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';
import { announcementLog, clearAnnouncements } from '../../../design-system/index.ts';
import type { LiveEvent } from '../../api/index.ts';
import { createFakeApi } from '../../api/testing/fake-api.ts';
import {
  makeFolder,
  makePage,
  makeProject,
  makeRecording,
  makeVoice,
  testUser,
  type FakeRoutes,
} from '../../api/testing/index.ts';
import { modalStore } from '../../../design-system/index.ts';
import { liveEventBus } from '../../machines/index.ts';
import { resetTermsAcceptance } from '../../shared/terms-gate.ts';
import type { Recording } from './api/welcome-api.ts';
import { createWelcomeMachine, currentStep, isBusy, type WelcomeInput } from './welcome.machine.ts';

const finished = testUser({ wizard: { completed: true, ignoreWizard: true } });
const skipped = testUser({ wizard: { skipped: true, ignoreWizard: true } });
const withProfession = testUser({ profession: 'narrator', wizard: { ignoreWizard: false } });
const onTrial = {
  ...withProfession.data.stripe,
  subscription_status: 'trialing' as const,
  trial: true,
  trial_used: true,
};

function start(routes: FakeRoutes, input: WelcomeInput = {}, deps: { pollMs?: number } = {}) {
  const fake = createFakeApi({
    // The create step starts the free trial for a user without a plan.
    'POST /api/v3/start-trial': {
      status: 200,
      body: { user: { ...withProfession, data: { ...withProfession.data, stripe: onTrial } }, promo_status: 'none' },
    },
    ...routes,
  });
  const actor = createActor(createWelcomeMachine({ api: fake.api, ...deps }), { input }).start();
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

  it('with the conversion steps live: profession → create (Welcome project made) → proccesing → conversions → finish', async () => {
    const w = start(
      {
        'PUT /api/v3/domain-info': { status: 200, body: withProfession },
        'GET /api/projects': { status: 200, body: makePage([]) },
        'POST /api/projects': { status: 201, body: makeProject(1, 'Welcome', { id: 'p1' }) },
        'GET /api/folders': { status: 200, body: makePage([]) },
        'POST /api/folders': { status: 201, body: { ...makeFolder(1, 'p1', 'Welcome'), id: 'f1' } },
        'GET /api/v2/voices': { status: 200, body: makePage(voices) },
        'POST /api/v2/recordings/tts': { status: 202, body: rec({ id: 'o1', state: 'queued' }) },
        'POST /api/v2/orders': {
          status: 202,
          body: { order_id: 'x', conversions: voices.slice(0, 3).map((v, i) => conv(`c${i}`, v.id)) },
        },
        'POST /api/v2/orders/retry/{id}': { status: 202, body: conv('c1', 'v2') },
        'PUT /api/v3/demo-wizard': { status: 200, body: finished },
      },
      { conversionsLive: true },
    );
    w.actor.send({ type: 'wizard.next' });
    w.actor.send({ type: 'wizard.submitProfession', profession: 'narrator', industry: 'publishing' });
    await waitFor(w.actor, (s) => s.matches({ steps: { create: 'editing' } }));
    expect(w.actor.getSnapshot().context.workspace).toEqual({ projectId: 'p1', folderId: 'f1' });
    // A new user without a plan: the free trial started, so the wizard's conversions can be ordered.
    expect(w.calls.filter((c) => c.path === '/api/v3/start-trial')).toHaveLength(1);
    expect(w.actor.getSnapshot().context.user?.data.stripe.trial).toBe(true);
    // The first three available voices of the default order (v3 is not in the plan).
    expect(w.actor.getSnapshot().context.voices.map((v) => v.id)).toEqual(['v1', 'v2', 'v4']);
    w.actor.send({ type: 'wizard.submitText', text: 'Hello there' });
    await waitFor(w.actor, (s) => s.matches({ steps: { proccesing: 'waitingOriginal' } }));
    expect(w.step()).toBe('proccesing');
    // The TTS original gets done (a live event), then the order goes out.
    send([finishedEvent(rec({ id: 'o1', state: 'done' }))]);
    await waitFor(w.actor, (s) => s.matches({ steps: { proccesing: 'converting' } }));
    expect(w.calls.find((c) => c.path === '/api/v2/orders')?.body).toEqual({
      original_id: 'o1',
      use_calibration: false,
      conversions: ['v1', 'v2', 'v4'].map((voice_id) => ({ voice_id, semitones_correction: 0 })),
    });
    send([processingEvent('c0', '5/9'), processingEvent('c1', '1/9')]);
    expect(w.actor.getSnapshot().context.items.map((i) => [i.status, i.progress])).toEqual([
      ['processing', 50],
      ['processing', 10],
      ['processing', 0],
    ]);
    send([finishedEvent(conv('c0', 'v1', 'done')), finishedEvent(conv('c1', 'v2', 'error'))]);
    expect(w.actor.getSnapshot().context.items.map((i) => i.status)).toEqual(['done', 'error', 'processing']);
    expect(announced()).toEqual(expect.arrayContaining(['Ava is ready.', 'Ben failed.']));
    w.actor.send({ type: 'wizard.retryItem', id: 'c1' });
    await waitFor(w.actor, (s) => s.context.items[1]?.status === 'processing');
    send([finishedEvent(conv('c1', 'v2', 'error'))]);
    w.actor.send({ type: 'wizard.skipItem', id: 'c1' });
    expect(w.actor.getSnapshot().context.items[1]?.status).toBe('skip');
    send([finishedEvent(conv('c2', 'v4', 'done'))]);
    expect(w.step()).toBe('conversions');
    expect(announced()).toContain('Step 5 of 5: your conversions are ready.');
    w.actor.send({ type: 'wizard.finish' });
    expect(await toPromise(w.actor)).toEqual(finished);
    expect(w.calls.at(-1)?.body).toEqual({ completed: true, ignoreWizard: true, step: 'conversions' });
  });

  it('create: a failed preparation says why and retries; an existing project and folder are reused', async () => {
    let fail = true;
    const w = start(
      {
        'GET /api/projects': () =>
          fail
            ? { status: 500, body: { detail: 'Database unavailable' } }
            : { status: 200, body: makePage([makeProject(9, 'Welcome', { id: 'p9' })]) },
        'GET /api/folders': { status: 200, body: makePage([{ ...makeFolder(9, 'p9', 'Welcome'), id: 'f9' }]) },
        'GET /api/v2/voices': { status: 200, body: makePage(voices) },
      },
      { conversionsLive: true, step: 'create' },
    );
    await waitFor(w.actor, (s) => s.matches({ steps: { create: 'failed' } }));
    expect(w.actor.getSnapshot().context.error).toBe('Database unavailable');
    fail = false;
    w.actor.send({ type: 'wizard.retry' });
    await waitFor(w.actor, (s) => s.matches({ steps: { create: 'editing' } }));
    expect(w.actor.getSnapshot().context.workspace).toEqual({ projectId: 'p9', folderId: 'f9' });
    // Nothing made: the project and folder are reused (the only POST is the trial's).
    expect(w.calls.filter((c) => c.method === 'POST').map((c) => c.path)).not.toContain('/api/projects');
    expect(w.calls.filter((c) => c.method === 'POST').map((c) => c.path)).not.toContain('/api/folders');
  });

  it('create: an upload over 60 s is refused at the step; a failed order offers a retry', async () => {
    let duration = 75;
    let orderFails = true;
    const w = start(
      {
        'GET /api/projects': { status: 200, body: makePage([makeProject(9, 'Welcome', { id: 'p9' })]) },
        'GET /api/folders': { status: 200, body: makePage([{ ...makeFolder(9, 'p9', 'Welcome'), id: 'f9' }]) },
        'GET /api/v2/voices': { status: 200, body: makePage(voices) },
        'POST /api/recordings': () => ({ status: 200, body: { items: [rec({ id: 'o2', duration })] } }),
        'POST /api/v2/orders': () =>
          orderFails
            ? { status: 402, body: { detail: 'Out of minutes', reason: 'out_of_minutes' } }
            : { status: 202, body: { order_id: 'x', conversions: [conv('c0', 'v1')] } },
      },
      { conversionsLive: true, step: 'create' },
    );
    await waitFor(w.actor, (s) => s.matches({ steps: { create: 'editing' } }));
    const file = new Blob(['RIFF'], { type: 'audio/wav' });
    w.actor.send({ type: 'wizard.submitFile', file, fileName: 'take.wav' });
    await waitFor(w.actor, (s) => s.context.error !== null);
    expect(w.actor.getSnapshot().context.error).toBe(
      'The welcome tour converts up to 60 seconds. Choose a shorter recording.',
    );
    duration = 12;
    w.actor.send({ type: 'wizard.submitFile', file, fileName: 'take.wav' });
    await waitFor(w.actor, (s) => s.matches({ steps: { proccesing: 'orderFailed' } }));
    expect(w.actor.getSnapshot().context.error).toBe('Out of minutes');
    orderFails = false;
    w.actor.send({ type: 'wizard.retry' });
    await waitFor(w.actor, (s) => s.matches({ steps: { proccesing: 'converting' } }));
    expect(w.actor.getSnapshot().context.items).toHaveLength(1);
  });

  it("a new user's first order waits for the acceptable use policy: declined, nothing is ordered and it can be tried again", async () => {
    resetTermsAcceptance();
    const newUser = testUser({
      profession: 'narrator',
      touAcceptedAt: null,
      stripe: { subscription_status: 'trialing', trial: true, trial_used: true },
    });
    const w = start(
      {
        'POST /api/v3/start-trial': { status: 200, body: { user: newUser, promo_status: 'none' } },
        'GET /api/projects': { status: 200, body: makePage([makeProject(9, 'Welcome', { id: 'p9' })]) },
        'GET /api/folders': { status: 200, body: makePage([{ ...makeFolder(9, 'p9', 'Welcome'), id: 'f9' }]) },
        'GET /api/v2/voices': { status: 200, body: makePage(voices) },
        'POST /api/recordings': { status: 200, body: { items: [rec({ id: 'o3', duration: 12 })] } },
        'POST /api/v2/orders': { status: 202, body: { order_id: 'x', conversions: [conv('c0', 'v1')] } },
      },
      { conversionsLive: true, step: 'create' },
    );
    const policy = () => modalStore.getSnapshot().context.acceptableUsePolicy;
    await waitFor(w.actor, (s) => s.matches({ steps: { create: 'editing' } }));
    w.actor.send({ type: 'wizard.submitFile', file: new Blob(['RIFF'], { type: 'audio/wav' }), fileName: 'take.wav' });
    await vi.waitFor(() => expect(policy()?.open).toBe(true));
    // "Not now": the step says why, and nothing was ordered.
    modalStore.trigger.close({ id: 'acceptableUsePolicy' });
    await waitFor(w.actor, (s) => s.matches({ steps: { proccesing: 'orderFailed' } }));
    expect(w.actor.getSnapshot().context.error).toBe(
      'Nothing was ordered: accept the Acceptable Use Policy to order your first conversions.',
    );
    expect(w.calls.filter((c) => c.path === '/api/v2/orders')).toEqual([]);
    // Try again: asked again; accepted (the modal has posted it), the order goes out.
    w.actor.send({ type: 'wizard.retry' });
    await vi.waitFor(() => expect(policy()?.open).toBe(true));
    (policy()?.data as { onAccepted?: () => void }).onAccepted?.();
    modalStore.trigger.close({ id: 'acceptableUsePolicy' });
    await waitFor(w.actor, (s) => s.matches({ steps: { proccesing: 'converting' } }));
    expect(w.calls.filter((c) => c.path === '/api/v2/orders')).toHaveLength(1);
  });

  it('a queued TTS original is asked for until done; a gap in live events fetches the conversions', async () => {
    const w = start(
      {
        'GET /api/projects': { status: 200, body: makePage([makeProject(9, 'Welcome', { id: 'p9' })]) },
        'GET /api/folders': { status: 200, body: makePage([{ ...makeFolder(9, 'p9', 'Welcome'), id: 'f9' }]) },
        'GET /api/v2/voices': { status: 200, body: makePage(voices.slice(0, 1)) },
        'POST /api/v2/recordings/tts': { status: 202, body: rec({ id: 'o1', state: 'queued' }) },
        'GET /api/recordings/{id}': { status: 200, body: rec({ id: 'o1', state: 'done' }) },
        'POST /api/v2/orders': { status: 202, body: { order_id: 'x', conversions: [conv('c0', 'v1')] } },
        'GET /api/recordings/conversions': { status: 200, body: makePage([conv('c0', 'v1', 'done')]) },
      },
      { conversionsLive: true, step: 'create' },
      { pollMs: 5 },
    );
    await waitFor(w.actor, (s) => s.matches({ steps: { create: 'editing' } }));
    w.actor.send({ type: 'wizard.submitText', text: 'Hi' });
    await waitFor(w.actor, (s) => s.matches({ steps: { proccesing: 'converting' } }));
    liveEventBus.trigger.received({ events: [], gap: true });
    await waitFor(w.actor, (s) => s.matches({ steps: 'conversions' }));
    expect(w.calls.find((c) => c.path === '/api/recordings/conversions')?.query.get('original_id')).toBe('o1');
  });

  it("says each conversion done or failed and the order's quartiles, from live events and from a resync after a gap", async () => {
    const w = start(
      {
        'GET /api/projects': { status: 200, body: makePage([makeProject(9, 'Welcome', { id: 'p9' })]) },
        'GET /api/folders': { status: 200, body: makePage([{ ...makeFolder(9, 'p9', 'Welcome'), id: 'f9' }]) },
        'GET /api/v2/voices': { status: 200, body: makePage(voices.slice(0, 2)) },
        'POST /api/v2/recordings/tts': { status: 202, body: rec({ id: 'o1', state: 'queued' }) },
        'GET /api/recordings/{id}': { status: 200, body: rec({ id: 'o1', state: 'done' }) },
        // Ids of its own: the actors of the tests above still follow the live events.
        'POST /api/v2/orders': {
          status: 202,
          body: { order_id: 'x', conversions: [conv('q0', 'v1'), conv('q1', 'v2')] },
        },
        'GET /api/recordings/conversions': {
          status: 200,
          body: makePage([conv('q0', 'v1', 'done'), conv('q1', 'v2', 'error')]),
        },
      },
      { conversionsLive: true, step: 'create' },
      { pollMs: 5 },
    );
    await waitFor(w.actor, (s) => s.matches({ steps: { create: 'editing' } }));
    w.actor.send({ type: 'wizard.submitText', text: 'Hi' });
    await waitFor(w.actor, (s) => s.matches({ steps: { proccesing: 'converting' } }));
    clearAnnouncements();

    // Both halfway: the order crosses 50 %.
    send([processingEvent('q0', '5/9'), processingEvent('q1', '5/9')]);
    expect(announced()).toEqual(['Conversions 50% done.']);
    // Ava done while Ben is halfway: her item, then 75 %.
    send([finishedEvent(conv('q0', 'v1', 'done'))]);
    expect(announced()).toEqual(['Conversions 50% done.', 'Ava is ready.', 'Conversions 75% done.']);
    // A gap: Ben's failure comes from the conversions fetched again, and is said all the same.
    liveEventBus.trigger.received({ events: [], gap: true });
    await waitFor(w.actor, (s) => s.context.items[1]?.status === 'error');
    expect(announced()).toEqual(['Conversions 50% done.', 'Ava is ready.', 'Conversions 75% done.', 'Ben failed.']);
  });

  it('a failed skip while the text is spoken goes back to that call, with the text the user gave', async () => {
    const w = start(
      {
        'GET /api/projects': { status: 200, body: makePage([makeProject(9, 'Welcome', { id: 'p9' })]) },
        'GET /api/folders': { status: 200, body: makePage([{ ...makeFolder(9, 'p9', 'Welcome'), id: 'f9' }]) },
        'GET /api/v2/voices': { status: 200, body: makePage(voices.slice(0, 1)) },
        'POST /api/v2/recordings/tts': { status: 202, body: rec({ id: 'o1', state: 'queued' }) },
        'PUT /api/v3/demo-wizard': { status: 500, body: { detail: 'Database unavailable' } },
      },
      { conversionsLive: true, step: 'create' },
      { pollMs: 60_000 },
    );
    await waitFor(w.actor, (s) => s.matches({ steps: { create: 'editing' } }));
    w.actor.send({ type: 'wizard.submitText', text: 'Hello there' });
    w.actor.send({ type: 'wizard.skip' });
    await waitFor(w.actor, (s) => s.matches({ steps: 'proccesing' }));
    expect(w.actor.getSnapshot().context.error).toBe('Database unavailable');
    const spoken = w.calls.filter((c) => c.path === '/api/v2/recordings/tts').map((c) => c.body);
    expect(spoken).toHaveLength(2);
    expect(spoken).toEqual([
      expect.objectContaining({ text: 'Hello there' }),
      expect.objectContaining({ text: 'Hello there' }),
    ]);
  });
});

const voices = [
  makeVoice(1, 'Ava', { id: 'v1' }),
  makeVoice(2, 'Ben', { id: 'v2' }),
  makeVoice(3, 'Cleo', { id: 'v3', available: false }),
  makeVoice(4, 'Dan', { id: 'v4' }),
];

function rec(extra: Partial<Recording>): Recording {
  return makeRecording({ id: 'o1', url: 'https://example.test/o1.wav', duration: 5, ...extra });
}

const conv = (id: string, voice: string, state: Recording['state'] = 'queued') =>
  rec({ id, voice_id: voice, type: 'conversion', state, process_stage: state === 'queued' ? '0' : null });

let eventId = 0;
const finishedEvent = (recording: Recording) =>
  ({
    id: ++eventId,
    type: 'conversion.finished',
    created_at: '2026-01-01T00:00:00Z',
    data: { recording, project_url: '/ada/welcome' },
  }) as LiveEvent;
const processingEvent = (id: string, stage: string) =>
  ({
    id: ++eventId,
    type: 'conversion.processing',
    created_at: '2026-01-01T00:00:00Z',
    data: {
      recording_id: id,
      original_id: 'o1',
      project_id: 'p1',
      folder_id: 'f1',
      state: 'processing',
      process_stage: stage,
      eta_seconds: null,
    },
  }) as LiveEvent;
const send = (events: LiveEvent[]) => liveEventBus.trigger.received({ events, gap: false });
