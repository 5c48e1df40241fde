export { createFakeApi, createFakeFetch, createMemoryStorage, mergeRoutes } from './fake-fetch.ts';
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
  makeAccent,
  makeConversion,
  makeFolder,
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
