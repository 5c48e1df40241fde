import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run chromatic`: publish the stories for visual review, with TurboSnap (--only-changed: only stories
// whose files changed since the last build are snapshotted). Chromatic needs a project token and the
// network, so without CHROMATIC_PROJECT_TOKEN this says so and succeeds without doing anything.
if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('CHROMATIC_PROJECT_TOKEN is not set: skipping Chromatic (stories are still tested by npm test).');
  process.exit(0);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(root, 'node_modules', 'chromatic', 'dist', 'bin.cjs');
const result = spawnSync(
  process.execPath,
  [bin, '--only-changed', '--exit-zero-on-changes', '--build-script-name', 'build-storybook'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
