import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The public pages rendered at build time (scripts/prerender.ts): dist/prerendered/<page>.html and a
 * manifest of which path is which file, plus the hashes of the inline script they carry (the CSP allows it).
 */

export const PRERENDERED_DIR = 'prerendered';

/** Text as HTML content (a page's title drawn into its document). */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const PRERENDERED_MANIFEST = 'manifest.json';

/**
 * The one inline script of a prerendered page, in its <head>: a returning visitor (a stored session token,
 * src/api/session-token.ts) may be signed in, and must not see the guest's page flash before the app
 * renders theirs; `html[data-returning] #root` is hidden before the first paint, and main.tsx renders from
 * scratch. A visitor who answered the consent dialog (its current version, src/machines/consent.ts) is marked
 * `html[data-consented]`, which hides the dialog the page is drawn with (src/shared/consent/consent-host.tsx).
 * Inline because an external script would cost a round trip before the first paint; the CSP allows exactly
 * this text by its hash.
 */
export const RETURNING_VISITOR_SCRIPT =
  'try{var d=document.documentElement,s=localStorage;s.getItem("timbre.csrf_token")&&d.setAttribute("data-returning","");' +
  'var c=JSON.parse(s.getItem("timbre.consent")||"null");c&&c.version===1&&d.setAttribute("data-consented","")}catch(e){}';

/**
 * The first inline script of every page drawn ahead of its scripts (the prerendered pages and the signed-in pages the
 * server draws), in its <head>: the user's colour theme (design-system/layouts/theme-store.ts, `timbre.theme`) goes
 * on `<html data-theme>` before the first paint, as main.tsx's applyTheme would only once the app has loaded (a
 * page drawn in light, then dark). 'system' (no attribute) is the CSS's own `prefers-color-scheme`.
 */
export const THEME_SCRIPT =
  'try{var t=localStorage.getItem("timbre.theme");(t==="dark"||t==="light")&&document.documentElement.setAttribute("data-theme",t)}catch(e){}';

/** The id of the prerendered page's boot data: its entry module and the modules to preload with it (JSON). */
export const BOOT_DATA_ID = 'timbre-boot';

/**
 * The prerendered page's second inline script, at the end of its <body>: the app's modules are requested only
 * once the page has painted (the frame after the first, then a task), not beside the page's own HTML, CSS and
 * webfont. The page needs none of them to show (they make it work), and on a slow phone connection the first
 * paint no longer shares the bandwidth with ~300 KB of scripts (Lighthouse's LCP counts every script that
 * started before the paint). The entry and its preloads are what Vite's index.html names, in the same order;
 * the preloads go in six per task (inserting all 30-odd in one task took 94 ms on a 4× slower CPU).
 */
export const BOOT_SCRIPT =
  '(function(){function go(){var b=JSON.parse(document.getElementById("' +
  BOOT_DATA_ID +
  '").textContent),h=document.head,q=b.preload.slice(),s=document.createElement("script");s.type="module";' +
  's.crossOrigin="";s.src=b.entry;h.appendChild(s);(function more(){q.splice(0,6).forEach(function(u){' +
  'var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)});' +
  'q.length&&setTimeout(more,0)})()}requestAnimationFrame(function(){setTimeout(go,0)})})()';

/** The id of index.html's route preloads: `[path pattern, audience, chunk files]`, static patterns first (JSON). */
export const ROUTE_PRELOADS_ID = 'timbre-route-preloads';

/** A route preload's audience: anyone, a stored session only, no stored session only. */
export const AUDIENCE_CODES = { any: 0, session: 1, guest: 2 } as const;

/**
 * index.html's inline script, in its <head> (the page every address without a prerendered copy gets): the
 * chunks of the page at this address are preloaded beside the entry, read from the route table at build time
 * (scripts/prerender.ts), instead of being discovered once the entry has downloaded and run (a second wave of
 * requests, some 0.2 s on a phone's connection, and the session check queued behind it). A page for a
 * signed-in user is preloaded only when a session token is stored (a guest is sent to /login), a guest's only
 * when none is. The first pattern that matches wins; `:name` stands for one segment.
 */
export const ROUTE_PRELOAD_SCRIPT =
  'try{var r=JSON.parse(document.getElementById("' +
  ROUTE_PRELOADS_ID +
  '").textContent),p=location.pathname,t=localStorage.getItem("timbre.csrf_token")?1:2,h=document.head;' +
  'for(var i=0;i<r.length;i++){var e=r[i];if(e[1]&&e[1]!==t)continue;' +
  'if(RegExp("^"+e[0].replace(/:[^/]+/g,"[^/]+")+"/?$").test(p)){e[2].forEach(function(u){' +
  'var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)});break}}}catch(x){}';

/** The prerendered page's own style, beside the script: what the script's marks hide before the first paint. */
export const RETURNING_VISITOR_STYLE =
  'html[data-returning] #root{display:none}html[data-consented] [data-consent-frame]{display:none}';

/** Where the build keeps its server bundle (src/prerender/entry-server.tsx), under dist: never served. */
export const SERVER_ENTRY_DIR = 'server';

/** What a signed-in page's document holds for the server to fill in per request (server-drawn.ts). */
export const SIGNED_IN_MARKS = {
  root: '<!--timbre-page-->',
  title: '%timbre-title%',
  answers: '<!--timbre-answers-->',
} as const;

/** The id of a drawn signed-in page's answers (src/api/server-answers.ts reads them). */
export const SERVER_ANSWERS_ID = 'timbre-answers';

export interface PrerenderedManifest {
  /** Path ('/pricing') → file name under dist/prerendered. */
  pages: Record<string, string>;
  /** Path ('/projects') → the document under dist/prerendered the server draws that signed-in page into. */
  signedIn?: Record<string, string>;
  /** The server bundle, relative to dist (it draws the signed-in pages). */
  serverEntry?: string;
  /** CSP sources ('sha256-…') of the pages' inline scripts. */
  scriptHashes: string[];
}

/** The prerendered pages of a build, or none when the build has none. */
export function readPrerendered(distDir: string): PrerenderedManifest {
  const file = path.join(distDir, PRERENDERED_DIR, PRERENDERED_MANIFEST);
  if (!existsSync(file)) return { pages: {}, scriptHashes: [] };
  return JSON.parse(readFileSync(file, 'utf8')) as PrerenderedManifest;
}
