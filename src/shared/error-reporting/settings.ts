/** What the server tells the app about error reporting, in its page's <meta> tags (server/platform/spa.ts). */
export interface ErrorReportingSettings {
  /** The DSN: Sentry's with SENTRY_DSN, else the embedded one; none means no reporting. */
  dsn: string | undefined;
  environment: string;
  release: string | undefined;
  /** Whether /debug/error, the page that throws on purpose, is served (never in production by default). */
  testRoute: boolean;
}

export function readErrorReportingSettings(
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): ErrorReportingSettings {
  const meta = (name: string) =>
    (doc?.querySelector(`meta[name="${name}"]`) as HTMLMetaElement | null)?.content.trim() || undefined;
  return {
    dsn: meta('sentry-dsn'),
    environment: meta('environment') ?? 'staging',
    release: meta('release'),
    testRoute: meta('error-test-route') === 'true',
  };
}
