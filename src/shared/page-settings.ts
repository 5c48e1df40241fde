/**
 * Public settings the server writes into the served page as `<meta name="…" content="…">` (server/platform/spa.ts:
 * spaSettings), read at run time so one build follows each deployment's configuration.
 */
export function pageSetting(name: string): string | undefined {
  const content = globalThis.document?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content || undefined;
}

/** The deployment's name (the server's ENVIRONMENT; SPEC.md section 1: the environment in use is staging). */
export function appEnvironment(): string {
  return pageSetting('environment') ?? 'staging';
}
