// createFakeApi (fake-api.ts) and the run-time contract check (contract.ts) load Ajv and the contracts'
// YAML: tests in Node import them directly, so stories in the browser do not.
export {
  createFakeFetch,
  createMemoryStorage,
  mergeRoutes,
  type ContractViolation,
  type FakeFetchOptions,
} from './fake-fetch.ts';
export type {
  ContractPaths,
  FakeAnswer,
  FakeCall,
  FakeCallOf,
  FakeRoute,
  FakeRoutes,
  OperationOf,
  RouteKey,
} from './routes.ts';
export {
  BASIC_STYLE,
  day,
  makeCalibration,
  makeAccent,
  makeConversion,
  makeFolder,
  makeModel,
  makeNearestVoice,
  makePage,
  makePrice,
  makeProject,
  makeRecording,
  makeVoice,
  TEST_PRICES,
  testCredits,
  testSubscriptions,
  testUser,
  uuid,
  WARM_STYLE,
} from './fixtures.ts';
