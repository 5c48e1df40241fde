/**
 * The API reference's worked example, as data: each step is one HTTP call with the key, written out as
 * `curl` on the page and run as written by the e2e test (tests/e2e/account.spec.ts), so the documented
 * calls are the ones that are known to work. `{NAME}` marks a value an earlier step's answer gives.
 */
export interface ExampleStep {
  /** What the step does, in one line. */
  title: string;
  method: 'GET' | 'POST';
  /** Path and query, with `{NAME}` placeholders. */
  path: string;
  /** A JSON body. */
  json?: Record<string, unknown>;
  /** Multipart fields; a value starting with @ is a file to send. */
  form?: Record<string, string>;
  /** The values this step's answer gives the next steps: name → where in the JSON answer. */
  gives?: Record<string, string>;
  /** The file the answer is saved to (a download). */
  output?: string;
  /** The step repeats until this path of the answer has this value (a conversion finishing). */
  until?: { path: string; equals: string };
}

export const EXAMPLE_STEPS: readonly ExampleStep[] = [
  { title: 'List your projects', method: 'GET', path: '/api/projects?limit=40' },
  {
    title: 'Make a project for the example',
    method: 'POST',
    path: '/api/projects',
    json: { name: 'API example' },
    gives: { PROJECT_ID: 'id' },
  },
  {
    title: 'Make a folder in it',
    method: 'POST',
    path: '/api/folders',
    json: { project_id: '{PROJECT_ID}', name: 'Takes' },
    gives: { FOLDER_ID: 'id' },
  },
  {
    title: 'Upload an original (a WAV, MP3, OGG, FLAC, M4A or WebM file)',
    method: 'POST',
    path: '/api/recordings',
    form: { data: '@speech.wav', project_id: '{PROJECT_ID}', parent_folder_id: '{FOLDER_ID}' },
    gives: { ORIGINAL_ID: 'items.0.id' },
  },
  {
    title: 'Pick a voice you can use',
    method: 'GET',
    path: '/api/v2/voices?limit=20&visibility=public',
    gives: { VOICE_ID: 'items.0.id' },
  },
  {
    title: 'Order a conversion into that voice',
    method: 'POST',
    path: '/api/v2/orders',
    json: { original_id: '{ORIGINAL_ID}', conversions: [{ voice_id: '{VOICE_ID}' }] },
    gives: { CONVERSION_ID: 'conversions.0.id' },
  },
  {
    title: 'Ask until the conversion is done; the answer carries its download link',
    method: 'GET',
    path: '/api/recordings/{CONVERSION_ID}',
    until: { path: 'state', equals: 'done' },
    gives: { RESULT_URL: 'url' },
  },
  { title: 'Download the result', method: 'GET', path: '{RESULT_URL}&download=1', output: 'converted.wav' },
];

/** Fills `{NAME}` placeholders from `values`; unknown ones are written as shell variables ($NAME). */
export function fill(text: string, values: Record<string, string>, shell = false): string {
  return text.replace(/\{([A-Z_]+)\}/g, (_, name: string) => values[name] ?? (shell ? `$${name}` : `{${name}}`));
}

/** Reads `a.0.b` out of a JSON answer. */
export function pick(answer: unknown, path: string): unknown {
  let value: unknown = answer;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** `0.id` → `.[0].id`, `items.0.id` → `.items[0].id` (jq's syntax). */
export function jqPath(path: string): string {
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\[/, '.[');
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** One step as a curl command (the key read from $TIMBRE_API_KEY), and how its answer feeds the next steps. */
export function curlOf(step: ExampleStep, base: string): string {
  const url = `${base}${fill(step.path, {}, true)}`;
  const parts = ['curl', '-sS', '--fail-with-body'];
  if (!step.path.startsWith('{RESULT_URL}')) parts.push('-H', '"X-API-Key: $TIMBRE_API_KEY"');
  if (step.method === 'POST' && step.json) {
    parts.push(
      '-H',
      quote('Content-Type: application/json'),
      '--data',
      `"${JSON.stringify(step.json)
        .replace(/"/g, '\\"')
        .replace(/\{([A-Z_]+)\}/g, '$$$1')}"`,
    );
  }
  if (step.form) {
    for (const [name, value] of Object.entries(step.form)) parts.push('-F', `"${name}=${fill(value, {}, true)}"`);
  }
  if (step.output) parts.push('-o', step.output);
  parts.push(`"${url}"`);
  let command = parts.join(' ');
  const gives = Object.entries(step.gives ?? {});
  if (step.until) {
    command = `until [ "$(${command} | jq -r '${jqPath(step.until.path)}')" = "${step.until.equals}" ]; do sleep 2; done`;
    if (gives.length > 0) {
      command += `\n${gives.map(([name, path]) => `${name}=$(${parts.join(' ')} | jq -r '${jqPath(path)}')`).join('\n')}`;
    }
    return command;
  }
  if (gives.length === 0) return command;
  const [first, ...rest] = gives;
  const answer = `ANSWER=$(${command})`;
  return [
    answer,
    ...[first!, ...rest].map(([name, path]) => `${name}=$(echo "$ANSWER" | jq -r '${jqPath(path)}')`),
  ].join('\n');
}

/** The whole example as one shell script. */
export function curlScript(base: string): string {
  return [
    '# export TIMBRE_API_KEY=tmb_…  (your key, from /account)',
    ...EXAMPLE_STEPS.map((step, i) => `\n# ${i + 1}. ${step.title}\n${curlOf(step, base)}`),
  ].join('\n');
}
