/**
 * The URL of each flag of the flag-icons package (4:3), keyed by its ISO 3166-1 alpha-2 code in upper case.
 *
 * The map holds URLs only: Vite emits every SVG as a file of our own origin (the CSP allows images from
 * 'self'), `no-inline` keeps even the smallest out of the bundle as a data URI, and a browser fetches a
 * flag only when an <img> shows it. The `??` pattern leaves out the package's sub-national flags
 * (gb-eng, es-ct, …), which no two-letter code names.
 */
const files = import.meta.glob<string>('/node_modules/flag-icons/flags/4x3/??.svg', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});

const FLAG_URLS: ReadonlyMap<string, string> = new Map(
  Object.entries(files).map(([path, url]) => [path.slice(-6, -4).toUpperCase(), url]),
);

/** The flag's URL for a region code (any case), or undefined when the package has no flag for it. */
export function flagUrl(region: string): string | undefined {
  return /^[A-Za-z]{2}$/.test(region) ? FLAG_URLS.get(region.toUpperCase()) : undefined;
}
