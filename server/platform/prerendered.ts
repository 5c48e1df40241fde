import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The public pages rendered at build time (scripts/prerender.ts): dist/prerendered/<page>.html and a
 * manifest of which path is which file, plus the hashes of the inline script they carry (the CSP allows it).
 */

export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_MANIFEST = 'manifest.json';

/**
 * The one inline script of a prerendered page, in its <head>: a returning visitor (a stored session token,
 * src/api/session-token.ts) may be signed in, and must not see the guest's page flash before the app
 * renders theirs; `html[data-returning] #root` is hidden before the first paint, and main.tsx renders from
 * scratch. Inline because an external script would cost a round trip before the first paint; the CSP allows
 * exactly this text by its hash.
 */
export const RETURNING_VISITOR_SCRIPT =
  'try{localStorage.getItem("timbre.csrf_token")&&document.documentElement.setAttribute("data-returning","")}catch(e){}';

export interface PrerenderedManifest {
  /** Path ('/pricing') → file name under dist/prerendered. */
  pages: Record<string, string>;
  /** CSP sources ('sha256-…') of the pages' inline scripts. */
  scriptHashes: string[];
}

/** The prerendered pages of a build, or none when the build has none. */
export function readPrerendered(distDir: string): PrerenderedManifest {
  const file = path.join(distDir, PRERENDERED_DIR, PRERENDERED_MANIFEST);
  if (!existsSync(file)) return { pages: {}, scriptHashes: [] };
  return JSON.parse(readFileSync(file, 'utf8')) as PrerenderedManifest;
}
