export {
  captureError,
  setErrorReportingRoute,
  setErrorReportingUser,
  startErrorReporting,
  type ErrorReportingClient,
} from './error-reporting.ts';
export { readErrorReportingSettings, type ErrorReportingSettings } from './settings.ts';
export { useErrorReportingContext } from './use-error-reporting-context.ts';
