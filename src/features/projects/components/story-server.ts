import { audiowaveformFromSamples } from '../../../../design-system/index.ts';
import { synthesiseClip } from '../../../../design-system/components/WaveformPlayer/story-audio.ts';
import type { FakeCall, FakeResponse } from '../../../api/testing.ts';
import type { Folder, Note, Project, Recording } from '../api/projects-api.ts';

/**
 * A small marketplace for the studio's stories: projects, folders, originals and notes kept in memory and
 * answered as the contract says (paging, sort, state filter, search, renames, soft and permanent deletes,
 * moves). It stands in for the network only; the screens, API clients and middleware run for real.
 * Per-id routes exist for the ids made here and for `NEW_IDS`, the ids the next creations get.
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
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 10, 30)).toISOString();
const stats = { folders: 0, originals: 0, conversions: 0, duration: 0, size: 0 };
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'project';

export function makeProject(n: number, name: string, extra: Partial<Project> = {}): Project {
  return {
    id: uuid(n),
    owner: uuid(999),
    owner_name: 'ada',
    name,
    slug: slug(name),
    url: `/ada/${slug(name)}`,
    created_at: day(n),
    updated_at: day(n),
    last_recording_at: day(n + 1),
    deleted_at: null,
    folders: [],
    stats: { ...stats, originals: n, size: n * 1_048_576 },
    models: [],
    ...extra,
  };
}

export function makeFolder(n: number, projectId: string, name: string, originals = 0): Folder {
  return {
    id: uuid(100 + n),
    project_id: projectId,
    name,
    parent_id: null,
    active: true,
    recordings: [],
    stats: { originals, conversions: 0, duration: originals * 6, size: originals * 96_044 },
    created_at: day(n),
    updated_at: day(n),
  };
}

export function makeOriginal(n: number, folder: Folder, label: string): Recording {
  return {
    id: uuid(200 + n),
    project_id: folder.project_id,
    parent_folder_id: folder.id,
    url: audioUrl,
    waveform_url: peaksUrl,
    file_name: `${label}.wav`,
    label,
    state: 'done',
    type: 'original',
    original_id: null,
    model_id: null,
    microphone: null,
    error: null,
    active: true,
    size: 96_044,
    starred: false,
    tts: false,
    tts_voice: null,
    tts_voice_id: null,
    text: null,
    text_language: null,
    created_at: day(n),
    updated_at: day(n),
    converted_at: null,
    params: null,
    duration: 6,
    calibration_id: null,
    calibration_value: null,
    calibration_name: null,
    process_stage: null,
    voice_id: null,
    voice_name: null,
    voice_talent: null,
    semitones_correction: 0,
    accent_id: null,
    accent_name: null,
    narration_style_id: null,
    narration_style_name: null,
    moderation: null,
    conversions_count: 0,
  } as Recording;
}

type Handler = (call: FakeCall) => FakeResponse;

export interface StudioState {
  projects: Project[];
  folders: Folder[];
  originals: Recording[];
  notes: Note[];
  /** Answers to replace by route, e.g. a 402 for exports. */
  overrides?: Record<string, FakeResponse>;
}

const page = <T>(items: T[], call: FakeCall) => {
  const offset = Number(call.query.get('offset') ?? 0);
  const limit = Number(call.query.get('limit') ?? 40);
  return { status: 200, body: { items: items.slice(offset, offset + limit), total: items.length, offset, limit } };
};

const compare = (key: string, direction: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const x = String(a[key] ?? '');
  const y = String(b[key] ?? '');
  const order = x < y ? -1 : x > y ? 1 : 0;
  return direction === 'asc' ? order : -order;
};

/** The routes of the fake marketplace over `state` (mutated as calls arrive). */
export function studioRoutes(state: StudioState): Record<string, Handler | FakeResponse> {
  const routes: Record<string, Handler | FakeResponse> = {
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
  const projectIds = [...state.projects.map((p) => p.id), NEW_IDS[0]!];
  for (const id of projectIds) {
    routes[`PATCH /api/projects/${id}`] = (call) => {
      const project = state.projects.find((p) => p.id === id)!;
      project.name = (call.body as { name: string }).name;
      return { status: 200, body: project };
    };
    routes[`DELETE /api/projects/${id}`] = (call) => {
      const project = state.projects.find((p) => p.id === id)!;
      if (call.query.get('hard_delete') === 'true') state.projects = state.projects.filter((p) => p.id !== id);
      else project.deleted_at = day(21);
      return { status: 200, body: { id } };
    };
    routes[`GET /api/projects/${id}/export`] = {
      status: 200,
      body: 'zip',
      headers: { 'content-disposition': 'attachment; filename="export.zip"' },
    };
  }
  for (const id of [...state.folders.map((f) => f.id), NEW_IDS[1]!]) {
    routes[`PATCH /api/folders/${id}`] = (call) => {
      const folder = state.folders.find((f) => f.id === id)!;
      folder.name = (call.body as { name: string }).name;
      return { status: 200, body: folder };
    };
    routes[`DELETE /api/folders/${id}`] = () => {
      state.folders.find((f) => f.id === id)!.active = false;
      return { status: 200, body: { id } };
    };
    routes[`GET /api/folders/${id}/export`] = {
      status: 200,
      body: 'zip',
      headers: { 'content-disposition': 'attachment; filename="folder.zip"' },
    };
  }
  for (const recording of state.originals) {
    const id = recording.id;
    routes[`PATCH /api/recordings/${id}`] = (call) => {
      Object.assign(recording, call.body);
      return { status: 200, body: recording };
    };
    routes[`DELETE /api/recordings/${id}`] = () => {
      recording.active = false;
      return { status: 200, body: [id] };
    };
  }
  routes['GET /api/recordings/export/'] = {
    status: 200,
    body: 'zip',
    headers: { 'content-disposition': 'attachment; filename="original.zip"' },
  };
  return { ...routes, ...state.overrides };
}
