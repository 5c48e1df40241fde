import { audiowaveformFromSamples } from '../../../../design-system/index.ts';
import { synthesiseClip } from '../../../../design-system/components/WaveformPlayer/story-audio.ts';
import {
  day,
  makeFolder,
  makeModel,
  makeProject,
  makeRecording,
  mergeRoutes,
  uuid,
  type FakeCall,
  type FakeRoutes,
} from '../../../api/testing/index.ts';
import type { Folder, Model, Note, Project, Recording } from '../api/projects-api.ts';

/**
 * A small marketplace for the studio's stories: projects, folders, originals and notes kept in memory and
 * answered as the contract says (paging, sort, state filter, search, renames, soft and permanent deletes,
 * moves). It stands in for the network only; the screens, API clients and middleware run for real.
 * Per-id routes answer the ids of the state, those it creates (`NEW_IDS`) included.
 */

// One real clip with its peaks, shared by every original of the stories.
const clip = synthesiseClip(6, 8000);
const audioUrl = URL.createObjectURL(clip.wav);
const peaksUrl = URL.createObjectURL(
  new Blob([JSON.stringify(audiowaveformFromSamples([clip.samples], clip.sampleRate, 64, 8))], {
    type: 'application/json',
  }),
);

const NEW_IDS = ['00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a002'];
const stats = { folders: 0, originals: 0, conversions: 0, duration: 0, size: 0 };

/** The n-th original of a folder: six seconds of the shared clip, with its peaks. */
export function makeOriginal(n: number, folder: Folder, label: string): Recording {
  return makeRecording({
    id: uuid(200 + n),
    project_id: folder.project_id,
    parent_folder_id: folder.id,
    url: audioUrl,
    waveform_url: peaksUrl,
    file_name: `${label}.wav`,
    label,
    created_at: day(n),
    updated_at: day(n),
    duration: 6,
  });
}

export interface StudioState {
  projects: Project[];
  folders: Folder[];
  originals: Recording[];
  notes: Note[];
  /** The conversion models GET /api/models answers (two of the catalogue's by default). */
  models?: Model[];
  /** Answers to replace by route, e.g. a 402 for exports. */
  overrides?: FakeRoutes;
}

const page = <T>(items: T[], call: FakeCall) => {
  const offset = Number(call.query.get('offset') ?? 0);
  const limit = Number(call.query.get('limit') ?? 40);
  return {
    status: 200 as const,
    body: { items: items.slice(offset, offset + limit), total: items.length, offset, limit },
  };
};

const compare = (key: string, direction: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const x = String(a[key] ?? '');
  const y = String(b[key] ?? '');
  const order = x < y ? -1 : x > y ? 1 : 0;
  return direction === 'asc' ? order : -order;
};

/** The routes of the fake marketplace over `state` (mutated as calls arrive). */
export function studioRoutes(state: StudioState): FakeRoutes {
  const routes: FakeRoutes = {
    'GET /api/projects': (call) => {
      const filter = call.query.get('state') ?? 'active';
      const items = state.projects
        .filter((p) =>
          filter === 'deleted'
            ? p.deleted_at !== null
            : p.deleted_at === null && (filter !== 'empty' || p.stats.originals === 0),
        )
        .sort(compare(call.query.get('sort') ?? 'updated_at', call.query.get('direction') ?? 'desc'));
      return page(items, call);
    },
    'GET /api/projects/search': (call) => {
      const search = (call.query.get('search') ?? '').toLowerCase();
      return page(
        state.projects
          .filter((p) => p.deleted_at === null && p.name.toLowerCase().includes(search))
          .sort(compare(call.query.get('sort') ?? 'updated_at', call.query.get('direction') ?? 'desc')),
        call,
      );
    },
    'POST /api/projects': (call) => {
      const name = (call.body as { name: string }).name;
      const project = makeProject(50, name, { id: NEW_IDS[0]!, stats: { ...stats }, last_recording_at: null });
      state.projects.unshift(project);
      return { status: 201, body: project };
    },
    'GET /api/projects/by-url': (call) => {
      const url = call.query.get('project_url');
      const project = state.projects.find((p) => p.url === url);
      return project ? { status: 200, body: project } : { status: 404, body: { detail: 'Project not found' } };
    },
    'GET /api/folders': (call) => {
      // A folder's label is its name.
      const sort = call.query.get('sort') ?? 'updated_at';
      return page(
        state.folders
          .filter((f) => f.project_id === call.query.get('project_id') && f.active)
          .sort(compare(sort === 'label' ? 'name' : sort, call.query.get('direction') ?? 'desc')),
        call,
      );
    },
    'GET /api/folders/search': (call) => {
      const search = (call.query.get('search') ?? '').toLowerCase();
      return page(
        state.folders.filter(
          (f) => f.project_id === call.query.get('project_id') && f.active && f.name.toLowerCase().includes(search),
        ),
        call,
      );
    },
    // A folder's figures as its originals now are (each six seconds of the shared clip); its conversions as stated.
    'POST /api/stats/folders': (call) => {
      const ids = (call.body as { folder_ids: string[] }).folder_ids;
      const items = state.folders
        .filter((f) => ids.includes(f.id))
        .map((f) => {
          const originals = state.originals.filter((r) => r.parent_folder_id === f.id && r.active);
          return {
            id: f.id,
            stats: {
              originals: originals.length,
              conversions: f.stats.conversions,
              duration: originals.reduce((sum, r) => sum + (r.duration ?? 0), 0),
              size: originals.reduce((sum, r) => sum + (r.size ?? 0), 0),
            },
          };
        });
      return { status: 200, body: { items } };
    },
    'POST /api/stats/projects': (call) => {
      const ids = (call.body as { project_ids: string[] }).project_ids;
      const items = state.projects.filter((p) => ids.includes(p.id)).map((p) => ({ id: p.id, stats: p.stats }));
      return { status: 200, body: { items } };
    },
    'GET /api/recordings': (call) => ({
      status: 200,
      body: {
        items: state.originals.filter((r) => r.parent_folder_id === call.query.get('folder_id') && r.active),
      },
    }),
    'GET /api/models': () => ({
      status: 200,
      body: {
        items: state.models ?? [
          makeModel(1, 'Timbre STS'),
          makeModel(2, 'Timbre STS Long-form', { user_can_use_model: false }),
        ],
      },
    }),
    'POST /api/folders': (call) => {
      const { project_id, name } = call.body as { project_id: string; name: string };
      const folder = { ...makeFolder(50, project_id, name), id: NEW_IDS[1]! };
      state.folders.unshift(folder);
      return { status: 201, body: folder };
    },
    'GET /api/recordings/originals': (call) =>
      page(
        state.originals.filter((r) => r.parent_folder_id === call.query.get('folder_id') && r.active),
        call,
      ),
    'GET /api/notes': (call) => {
      const ids = new Set(
        state.originals.filter((r) => r.parent_folder_id === call.query.get('folder_id')).map((r) => r.id),
      );
      return { status: 200, body: { items: state.notes.filter((n) => ids.has(n.recording_id)) } };
    },
    'POST /api/notes': (call) => {
      const { recording_id, text } = call.body as Note;
      const note = { recording_id, text, updated_at: day(20) };
      state.notes.push(note);
      return { status: 201, body: note };
    },
    'PUT /api/notes': (call) => {
      const { recording_id, text } = call.body as Note;
      const note = state.notes.find((n) => n.recording_id === recording_id);
      if (!note) return { status: 404, body: { detail: 'No note' } };
      note.text = text;
      return { status: 200, body: note };
    },
    'DELETE /api/notes': (call) => {
      const { recording_id } = call.body as Note;
      state.notes = state.notes.filter((n) => n.recording_id !== recording_id);
      return { status: 200, body: { ok: true } };
    },
  };
  // Each per-id route knows the ids of `state` (and the next creations) only: another id is left to the
  // next route, or a 404.
  const project = (id: string) => state.projects.find((p) => p.id === id);
  const folder = (id: string) => state.folders.find((f) => f.id === id);
  const original = (id: string) => state.originals.find((r) => r.id === id);
  routes['PATCH /api/projects/{id}'] = (call) => {
    const found = project(call.params.id);
    if (!found) return undefined;
    found.name = (call.body as { name: string }).name;
    return { status: 200, body: found };
  };
  routes['PUT /api/projects/{id}'] = (call) => {
    const found = project(call.params.id);
    if (!found) return undefined;
    found.models = (call.body as { models: string[] }).models;
    return { status: 200, body: found };
  };
  routes['DELETE /api/projects/{id}'] = (call) => {
    const { id } = call.params;
    const found = project(id);
    if (!found) return undefined;
    if (call.query.get('hard_delete') === 'true') state.projects = state.projects.filter((p) => p.id !== id);
    else found.deleted_at = day(21);
    return { status: 200, body: { id } };
  };
  routes['GET /api/projects/{id}/export'] = (call) =>
    project(call.params.id) && {
      status: 200,
      body: 'zip',
      headers: { 'content-disposition': 'attachment; filename="export.zip"' },
    };
  routes['PATCH /api/folders/{id}'] = (call) => {
    const found = folder(call.params.id);
    if (!found) return undefined;
    found.name = (call.body as { name: string }).name;
    return { status: 200, body: found };
  };
  routes['DELETE /api/folders/{id}'] = (call) => {
    const found = folder(call.params.id);
    if (!found) return undefined;
    found.active = false;
    return { status: 200, body: { id: found.id } };
  };
  routes['GET /api/folders/{id}/export'] = (call) =>
    folder(call.params.id) && {
      status: 200,
      body: 'zip',
      headers: { 'content-disposition': 'attachment; filename="folder.zip"' },
    };
  routes['PATCH /api/recordings/{id}'] = (call) => {
    const found = original(call.params.id);
    if (!found) return undefined;
    Object.assign(found, call.body);
    return { status: 200, body: found };
  };
  routes['DELETE /api/recordings/{id}'] = (call) => {
    const found = original(call.params.id);
    if (!found) return undefined;
    found.active = false;
    return { status: 200, body: [found.id] };
  };
  routes['GET /api/recordings/export/'] = {
    status: 200,
    body: 'zip',
    headers: { 'content-disposition': 'attachment; filename="original.zip"' },
  };
  // An override answers first; one that answers undefined leaves the call to the studio's own route.
  return state.overrides ? mergeRoutes(routes, state.overrides) : routes;
}
