import { afterEach, expect } from 'vitest';
import { contractProblem } from '../src/api/testing/contract.ts';
import { checkEveryFakeAnswer, takeContractViolations } from '../src/api/testing/fake-fetch.ts';

// The story tests run each story's fake server under the contracts' check: an answer the real server
// could not give becomes a 500 naming the problem, and the story's test fails with the list.
checkEveryFakeAnswer(contractProblem);

afterEach(() => {
  expect(takeContractViolations(), 'fake answers that openapi/*.yaml does not allow').toEqual([]);
});
