import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/*
 * `npm test`: every check, in the order that fails fastest, on both cores. The quick checks are one process each
 * and single-threaded (tsc, ESLint, the OpenAPI check, the build the size budgets measure), so they run side by
 * side; Vitest and Playwright spread over the cores themselves, so they run alone, one after the other. Each
 * stage prints how long it took. Any failure stops the run with that stage's exit code.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Result {
  script: string;
  code: number;
  seconds: number;
  output: string;
}

/** Runs `npm run <script>`; its output is kept (and printed whole when it ends) or streamed as it comes. */
function run(script: string, stream: boolean): Promise<Result> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      cwd: root,
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, output }),
    );
  });
}

function report(result: Result): void {
  const verdict = result.code === 0 ? 'passed' : `failed (exit code ${result.code})`;
  console.log(`== ${result.script} ${verdict} in ${result.seconds.toFixed(0)} s`);
}

const stages: { scripts: string[]; parallel: boolean }[] = [
  { scripts: ['typecheck', 'lint', 'api:check', 'test:size'], parallel: true },
  { scripts: ['test:vitest'], parallel: false },
  { scripts: ['test:e2e'], parallel: false },
];

const started = Date.now();
for (const stage of stages) {
  const results = stage.parallel
    ? await Promise.all(
        stage.scripts.map(async (script) => {
          const result = await run(script, false);
          console.log(`\n== ${script}\n${result.output.trimEnd()}`);
          report(result);
          return result;
        }),
      )
    : [await run(stage.scripts[0]!, true)];
  if (!stage.parallel) report(results[0]!);
  const failed = results.find((result) => result.code !== 0);
  if (failed) {
    console.log(`== npm test failed at ${failed.script} after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    process.exit(failed.code);
  }
}
console.log(`== npm test passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
