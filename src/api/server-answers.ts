import type { Middleware } from 'openapi-fetch';
import { SERVER_ANSWERS_ID } from './early-requests.ts';

/*
 * A signed-in page the server drew (server/platform/server-drawn.ts, src/prerender/entry-server.tsx) arrives with
 * the answers the server fetched to draw it: the session check, the plan, the credits, the page's list. The app
 * takes each of them once, for the same call, instead of asking the network again: its first render then draws
 * the same page the server drew, at once, rather than a loading state and a second wave of requests. They are
 * good for a short while only (`SERVER_ANSWER_MAX_AGE_MS`): a call made later always reaches the network.
 */

/** The id of the page's answers: a `<script type="application/json">` (data, never run: the CSP is untouched). */
export { SERVER_ANSWERS_ID };

/** How long after the page loaded a call may still be answered from the page. */
export const SERVER_ANSWER_MAX_AGE_MS = 10_000;

/** One call the server made to draw the page, and its answer (a 2xx JSON body). */
export interface ServerAnswer {
  /** `answerKey` of the call. */
  key: string;
  status: number;
  body: unknown;
}

/** What names a call among the answers: its method, path and query (the query's parameters in sorted order). */
export function answerKey(method: string, url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  searchParams.sort();
  const query = searchParams.toString();
  return `${method.toUpperCase()} ${pathname}${query ? `?${query}` : ''}`;
}

/** The page's answers (and the element that carried them gone), or none for a page the server did not draw. */
export function readServerAnswers(doc: Document = document): ServerAnswer[] {
  const element = doc.getElementById(SERVER_ANSWERS_ID);
  if (!element) return [];
  element.remove();
  try {
    const answers = JSON.parse(element.textContent ?? '[]') as unknown;
    return Array.isArray(answers) ? (answers as ServerAnswer[]) : [];
  } catch {
    return [];
  }
}

/**
 * A client middleware that answers a call from `answers`, each once, within `maxAgeMs` of its creation; any
 * other call goes to the network as usual. It belongs after the shared middleware, so its headers are set and
 * its answer is read the same way as a network's.
 */
export function replayServerAnswers(
  answers: readonly ServerAnswer[],
  { maxAgeMs = SERVER_ANSWER_MAX_AGE_MS, now = () => Date.now() } = {},
): Middleware {
  const created = now();
  const waiting = new Map<string, ServerAnswer[]>();
  for (const answer of answers) waiting.set(answer.key, [...(waiting.get(answer.key) ?? []), answer]);
  return {
    onRequest({ request }) {
      if (waiting.size === 0) return undefined;
      if (now() - created > maxAgeMs) {
        waiting.clear();
        return undefined;
      }
      const key = answerKey(request.method, request.url);
      const answer = waiting.get(key)?.shift();
      if (!answer) return undefined;
      if (!waiting.get(key)?.length) waiting.delete(key);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  };
}
