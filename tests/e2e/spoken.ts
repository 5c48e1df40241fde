import type { Page } from '@playwright/test';

interface Recorded {
  __announced: { id: string; message: string }[];
  __focusedHeadings: string[];
}

/**
 * Records, from the next page load on, every entry the announcer's log gains (what was said: announcements
 * and toasts alike, each entry once by its id, however often the log re-renders) and every heading that
 * takes focus, so a test can check that an outcome is said once and focus moves once.
 */
export async function recordSpeech(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Recorded;
    w.__announced = [];
    w.__focusedHeadings = [];
    const seen = new Set<string>();
    const note = (li: Element) => {
      const id = li.getAttribute('data-id');
      if (!id || seen.has(id)) return;
      seen.add(id);
      w.__announced.push({ id, message: li.textContent?.trim() ?? '' });
    };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          if (node.matches('[role="log"] li[data-id]')) note(node);
          node.querySelectorAll('[role="log"] li[data-id]').forEach(note);
        }
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('focusin', (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && /^H[1-6]$/.test(target.tagName)) {
        w.__focusedHeadings.push(`${target.tagName.toLowerCase()} ${target.textContent?.trim() ?? ''}`);
      }
    });
  });
  return {
    /** Everything said since the page loaded, in order. */
    announced: () => page.evaluate(() => (window as unknown as Recorded).__announced.map((e) => e.message)),
    /** How many times `message` was said. */
    timesSaid: async (message: string | RegExp) =>
      (await page.evaluate(() => (window as unknown as Recorded).__announced.map((e) => e.message))).filter((m) =>
        typeof message === 'string' ? m === message : message.test(m),
      ).length,
    /** The headings focused since the page loaded (or since `forgetFocus`). */
    focusedHeadings: () => page.evaluate(() => (window as unknown as Recorded).__focusedHeadings),
    forgetFocus: () => page.evaluate(() => void ((window as unknown as Recorded).__focusedHeadings = [])),
  };
}
