import type { components } from '../../../../openapi/generated/auth.js';
import type { components as MarketplaceComponents } from '../../../../openapi/generated/marketplace.js';
import type { components as ModelsComponents } from '../../../../openapi/generated/models.js';
import { body, isApiError, uploadRecordings, type ApiClients } from '../../../api/index.ts';
import { canStartTrial, planFacts } from '../../../machines/index.ts';
import { trackUsage } from '../../../shared/analytics/usage-events.ts';

export type WizardStep = components['schemas']['WizardStep'];
export type DemoWizardUpdate = components['schemas']['DemoWizardUpdate'];
export type User = components['schemas']['User'];

/** PUT /api/v3/domain-info: the user's profession and industry (the profession step, the userProfession modal). */
export async function updateDomainInfo(api: ApiClients, profession: string, industry: string): Promise<User> {
  const { data } = await api.auth.PUT('/api/v3/domain-info', { body: { profession, industry } });
  return body(data);
}

/** PUT /api/v3/demo-wizard: merges the fields sent into the user's wizard state. */
export async function updateDemoWizard(api: ApiClients, update: DemoWizardUpdate): Promise<User> {
  const { data } = await api.auth.PUT('/api/v3/demo-wizard', { body: update });
  return body(data);
}

export type Recording = MarketplaceComponents['schemas']['Recording'];
type Voice = ModelsComponents['schemas']['Voice'];

/** A voice the wizard converts into. */
export interface WizardVoice {
  id: string;
  name: string;
}

/** Where the wizard's original goes: a project and one of its folders. */
export interface Workspace {
  projectId: string;
  folderId: string;
}

/** The project and folder a user with none gets (SPEC.md section 2, the create step). */
export const WELCOME_PROJECT_NAME = 'Welcome';

/** How many voices the wizard converts into. */
export const WIZARD_VOICE_COUNT = 3;

/**
 * The wizard's voices. SPEC.md section 9 says "wizard voices order value 60", but the catalogue
 * (models.yaml's Voice) carries no order value, so the wizard takes the first three voices the user's plan
 * can use in the catalogue's default order (GET /api/v2/voices).
 */
export async function listWizardVoices(api: ApiClients): Promise<WizardVoice[]> {
  const { data } = await api.models.GET('/api/v2/voices', { params: { query: { limit: 20 } } });
  return body(data)
    .items.filter((voice: Voice) => voice.available !== false)
    .slice(0, WIZARD_VOICE_COUNT)
    .map((voice: Voice) => ({ id: voice.id, name: voice.name }));
}

/**
 * The user's first project and its first folder; a user without a project gets a "Welcome" project, and a
 * project without a folder a "Welcome" folder (POST /api/projects, POST /api/folders).
 */
/**
 * A new user converts in the wizard on the free trial: started here when the user has no plan and never had
 * the trial (the server says 409 otherwise, which leaves things as they are). Answers the user after it.
 */
export async function ensureTrial(api: ApiClients, user: User | null): Promise<User | null> {
  if (user && !canStartTrial(planFacts(user))) return user;
  try {
    const { data } = await api.auth.POST('/api/v3/start-trial', { body: {} });
    return data?.user ?? user;
  } catch (error) {
    if (isApiError(error) && error.statusCode === 409) return user;
    throw error;
  }
}

export async function ensureWorkspace(api: ApiClients): Promise<Workspace> {
  const projects = await api.marketplace.GET('/api/projects', { params: { query: { limit: 1 } } });
  let projectId = body(projects.data).items[0]?.id;
  if (!projectId) {
    const created = await api.marketplace.POST('/api/projects', { body: { name: WELCOME_PROJECT_NAME } });
    projectId = body(created.data).id;
  }
  const folders = await api.marketplace.GET('/api/folders', { params: { query: { project_id: projectId, limit: 1 } } });
  let folderId = body(folders.data).items[0]?.id;
  if (!folderId) {
    const created = await api.marketplace.POST('/api/folders', {
      body: { project_id: projectId, name: WELCOME_PROJECT_NAME },
    });
    folderId = body(created.data).id;
  }
  return { projectId, folderId };
}

/** POST /api/v2/recordings/tts: an original spoken from text in `voiceId` (queued; done later). */
export async function createTtsOriginal(
  api: ApiClients,
  input: Workspace & { text: string; voiceId: string },
): Promise<Recording> {
  const { data } = await api.marketplace.POST('/api/v2/recordings/tts', {
    body: {
      project_id: input.projectId,
      parent_folder_id: input.folderId,
      text: input.text,
      text_language: 'en-US',
      voice_id: input.voiceId,
    },
  });
  return body(data);
}

/** POST /api/recordings (the one upload): the recorded or picked audio as one original, stored and done. */
export async function uploadOriginal(
  api: ApiClients,
  input: Workspace & { file: Blob; fileName: string; microphone?: string; maxSeconds?: number },
): Promise<Recording> {
  const items = await uploadRecordings(api, {
    file: input.file,
    fileName: input.fileName,
    fields: { project_id: input.projectId, parent_folder_id: input.folderId, microphone: input.microphone ?? '' },
  });
  const first = items[0];
  if (!first) throw new Error('The server answered without the original');
  trackUsage('upload_finished', { via: 'welcome' });
  // Longer than the wizard takes: refused, and nothing of it stays in the user's folder.
  if (input.maxSeconds !== undefined && first.duration > input.maxSeconds) {
    await api.marketplace
      .DELETE('/api/recordings/{id}', { params: { path: { id: first.id }, query: { hard_delete: true } } })
      .catch(() => undefined);
  }
  return first;
}

/** GET /api/recordings/{id}. */
export async function getRecording(api: ApiClients, id: string): Promise<Recording> {
  const { data } = await api.marketplace.GET('/api/recordings/{id}', { params: { path: { id } } });
  return body(data);
}

/** POST /api/v2/orders: one conversion of the original into each voice (default accent and style, 0 st). */
export async function orderWizardConversions(
  api: ApiClients,
  originalId: string,
  voices: readonly WizardVoice[],
): Promise<Recording[]> {
  const { data } = await api.marketplace.POST('/api/v2/orders', {
    body: {
      original_id: originalId,
      use_calibration: false,
      conversions: voices.map((voice) => ({ voice_id: voice.id, semitones_correction: 0 })),
    },
  });
  const conversions = body(data).conversions;
  trackUsage('order_placed', { via: 'welcome' });
  return conversions;
}

/** POST /api/v2/orders/retry/{id}: orders a failed conversion again. */
export async function retryConversion(api: ApiClients, id: string): Promise<Recording> {
  const { data } = await api.marketplace.POST('/api/v2/orders/retry/{id}', { params: { path: { id } } });
  return body(data as Recording | undefined);
}

/** GET /api/recordings/conversions?original_id: the original's conversions as they are now. */
export async function listWizardConversions(api: ApiClients, originalId: string): Promise<Recording[]> {
  const { data } = await api.marketplace.GET('/api/recordings/conversions', {
    params: { query: { original_id: originalId, limit: 40 } },
  });
  return body(data).items;
}
