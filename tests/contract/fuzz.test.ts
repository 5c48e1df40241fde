// Contract-driven fuzzing of every operation of openapi/auth.yaml, marketplace.yaml and models.yaml:
// requests generated from each operation's request schemas (valid, boundary and broken: NUL, lone
// surrogates, long strings, huge/negative/float/exponent/hex numbers, wrong types, 1000-level nesting,
// missing and extra fields, malformed JSON and multipart), sent as a verified user with the CSRF header
// (an admin for admin operations, some as a guest) on ids that exist. No answer may be a 5xx, and each
// must match the contract's response for its status (the contract check turns a mismatch into a 500).
//
// Replay: FUZZ_SEED=<seed printed on failure> FUZZ_OPS=<operationId,…> npx vitest run tests/contract/fuzz.test.ts
// All answers: FUZZ_DUMP=<file>. More cases: FUZZ_EXTRA=<random cases per operation> (default 4), or `npm run bench -- fuzz`.
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '../../server/platform/contracts.ts';
import { describeFailure, failed, fuzzOperation, type FuzzOutcome } from '../support/fuzz-run.ts';
import { tally } from '../support/fuzz.ts';
import { startTestOauthProvider, type TestOauthProvider } from '../support/oauth-provider.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const EXTRA = Number(process.env.FUZZ_EXTRA ?? 4);
const ONLY = process.env.FUZZ_OPS?.split(',').filter(Boolean);
const options = { seed: SEED, extra: EXTRA };

const operations = (await allOperations()).filter((op) => !ONLY || ONLY.includes(op.operationId));

describe(`contract fuzz (seed ${SEED})`, () => {
  let t: TestApp;
  let oauth: TestOauthProvider;
  const outcomes: FuzzOutcome[] = [];
  beforeAll(async () => {
    // The local OAuth provider makes the sign-in operations run their own checks rather than answer 503.
    oauth = await startTestOauthProvider();
    // Jobs stay queued: the fuzz is about answers, not about running conversions of generated orders.
    t = await createTestApp({ worker: { enabled: false }, env: oauth.env() });
  });
  afterAll(async () => {
    await t.close();
    await oauth.stop();
    const fives = outcomes.filter((o) => o.status >= 500).length;
    // FUZZ_DUMP=<file> keeps every case and answer (JSON lines) for a closer look.
    if (process.env.FUZZ_DUMP)
      await writeFile(process.env.FUZZ_DUMP, outcomes.map((o) => JSON.stringify(o)).join('\n'));
    console.log(
      `contract fuzz seed ${SEED}: ${outcomes.length} requests over ${operations.length} operations; ` +
        `${tally(outcomes.map((o) => o.status))}; 5xx ${fives}`,
    );
  });

  for (const op of operations) {
    it(`${op.operationId}: no 5xx and every answer within the contract`, async () => {
      const mine = await fuzzOperation(t.app, op, options);
      outcomes.push(...mine);
      const failures = mine.filter((o) => failed(o)).map(describeFailure);
      expect(
        failures,
        `replay: FUZZ_SEED=${SEED} FUZZ_OPS=${op.operationId} npx vitest run tests/contract/fuzz.test.ts`,
      ).toEqual([]);
      // The generator reached the operation: valid and NUL cases always, the number families wherever a
      // number is taken, and some cases got past security.
      const families = new Set(mine.map((o) => o.case.kind.split(/[ (]/)[0]));
      expect([...families]).toEqual(expect.arrayContaining(['valid', 'nul', 'wrong-type', 'extra-field']));
      if (JSON.stringify(op.parameters).includes('"integer"')) {
        expect([...families]).toEqual(expect.arrayContaining(['huge-number', 'bigint-number', 'hex-number']));
      }
      expect(mine.some((o) => o.status !== 401 && o.status !== 403)).toBe(true);
    });
  }
});
