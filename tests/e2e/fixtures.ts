import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { CONSENT_KEY, CONSENT_VERSION, type ConsentCategories } from '../../src/machines/consent.ts';

export { expect } from '@playwright/test';
export type { Locator, Page } from '@playwright/test';

declare global {
  interface Window {
    __timbreCspViolation?: (text: string) => void;
    __timbreRegionalIndicator?: (text: string) => void;
  }
}

/**
 * Gives every page of `context` an answer to the consent dialog (issue 19) before the app runs, unless the
 * browser already holds one: the dialog, which appears to a guest on the public, login and signup pages and
 * takes focus, stays out of the way of tests about something else. Reject all by default (no third-party
 * request: the e2e server configures a Google tag, and the machine has no internet).
 */
export async function recordConsentChoice(
  context: BrowserContext,
  choice: ConsentCategories = { analytics: false, advertising: false },
): Promise<void> {
  const record = { version: CONSENT_VERSION, decidedAt: new Date().toISOString(), ...choice };
  await context.addInitScript(
    ({ key, value }) => {
      try {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      } catch {
        // a document without storage (about:blank, a file) has no consent dialog either
      }
    },
    { key: CONSENT_KEY, value: JSON.stringify(record) },
  );
}

/**
 * Playwright's `test`, failing any test whose pages met the Content-Security-Policy: a
 * `securitypolicyviolation` event in any frame, or a console message about the policy (what the browser
 * logs for workers and blocked navigations too). The e2e server sends the production policy, so a passing
 * suite is the proof the app lives within it. Chromium reports nothing when the policy stops an AudioWorklet
 * module (addModule only rejects): the recorder test's own assertions catch that one.
 */
export const test = base.extend<{
  cspViolations: string[];
  regionalIndicators: string[];
  /**
   * The answer to the consent dialog the browser holds from the start (`recordConsentChoice`); a test about the
   * dialog itself opts out with `test.use({ consentChoice: null })`.
   */
  consentChoice: ConsentCategories | null;
  recordedConsent: void;
}>({
  consentChoice: [{ analytics: false, advertising: false }, { option: true }],
  recordedConsent: [
    async ({ context, consentChoice }, use) => {
      if (consentChoice) await recordConsentChoice(context, consentChoice);
      await use();
    },
    { auto: true },
  ],
  /**
   * Every `page.goto` of the app waits until the app has rendered or hydrated its page (`<html data-app-ready>`,
   * src/routes/root.tsx): a prerendered page is on screen before its code runs, and a key pressed before that
   * would go to markup nothing listens to yet. Other documents (a file, the dev outbox's JSON) have no #root.
   */
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page
        .waitForFunction(
          () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
          undefined,
          {
            timeout: 15_000,
          },
        )
        .catch(() => undefined); // a page that never boots fails on the test's own assertions, with its reason
      return response;
    };
    await use(page);
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeFunction('__timbreCspViolation', (text: string) => violations.push(text));
      await context.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
            window.__timbreCspViolation?.(
              `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${document.location.href}${where}`,
            );
          },
          true,
        );
      });
      const watch = (page: Page) =>
        page.on('console', (message) => {
          if (/content[- ]security[- ]policy/i.test(message.text())) violations.push(message.text());
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(violations);
      if (violations.length > 0) {
        throw new Error(`The page broke the Content-Security-Policy:\n${[...new Set(violations)].join('\n')}`);
      }
    },
    { auto: true },
  ],
  /**
   * Fails any test whose pages showed a regional-indicator code point (U+1F1E6–U+1F1FF), the letters of an
   * emoji flag that Linux draws as empty boxes and Windows as letters: flags are the design system's Flag
   * pictures. Text and attribute values (aria-label, title, alt…) are watched as they change, so a modal
   * opened and closed in the middle of a test counts, and the pages still open are read once more at the end.
   */
  regionalIndicators: [
    async ({ context }, use) => {
      const found: string[] = [];
      await context.exposeFunction('__timbreRegionalIndicator', (text: string) => found.push(text));
      await context.addInitScript(() => {
        const flagLetter = /[\u{1F1E6}-\u{1F1FF}]/u;
        const report = (what: string) => window.__timbreRegionalIndicator?.(`${what} on ${document.location.href}`);
        const checkElement = (element: Element) => {
          for (const { name, value } of Array.from(element.attributes)) {
            if (flagLetter.test(value)) report(`<${element.localName} ${name}="${value}">`);
          }
        };
        const checkTree = (node: Node) => {
          if (node.nodeType === Node.TEXT_NODE) {
            if (flagLetter.test(node.textContent ?? '')) report(`text "${node.textContent}"`);
            return;
          }
          if (!(node instanceof Element)) return;
          checkElement(node);
          node.querySelectorAll('*').forEach(checkElement);
          const text = node.textContent ?? '';
          if (flagLetter.test(text)) report(`text "${text.slice(0, 200)}"`);
        };
        const observer = new MutationObserver((records) => {
          for (const record of records) {
            if (record.type === 'attributes' && record.target instanceof Element) checkElement(record.target);
            else if (record.type === 'characterData') checkTree(record.target);
            else record.addedNodes.forEach(checkTree);
          }
        });
        const start = () => {
          checkTree(document.documentElement);
          observer.observe(document.documentElement, {
            subtree: true,
            childList: true,
            characterData: true,
            attributes: true,
          });
        };
        if (document.documentElement) start();
        else document.addEventListener('DOMContentLoaded', start, { once: true });
      });
      await use(found);
      // The end state, read as a user and a screen reader get it: the body's text and every attribute value.
      for (const page of context.pages()) {
        const leftover = await page
          .evaluate(() => {
            const texts = [document.title, document.body?.innerText ?? ''];
            document.querySelectorAll('*').forEach((element) => {
              for (const { value } of Array.from(element.attributes)) texts.push(value);
            });
            return texts.filter((text) => /[\u{1F1E6}-\u{1F1FF}]/u.test(text));
          })
          .catch(() => [] as string[]);
        found.push(...leftover.map((text) => `"${text.slice(0, 200)}" on ${page.url()}`));
      }
      if (found.length > 0) {
        throw new Error(
          `The page showed regional-indicator characters (emoji flags):\n${[...new Set(found)].join('\n')}`,
        );
      }
    },
    { auto: true },
  ],
});
