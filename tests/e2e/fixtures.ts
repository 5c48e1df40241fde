import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Locator, Page } from '@playwright/test';

declare global {
  interface Window {
    __timbreCspViolation?: (text: string) => void;
  }
}

/**
 * Playwright's `test`, failing any test whose pages met the Content-Security-Policy: a
 * `securitypolicyviolation` event in any frame, or a console message about the policy (what the browser
 * logs for workers and blocked navigations too). The e2e server sends the production policy, so a passing
 * suite is the proof the app lives within it. Chromium reports nothing when the policy stops an AudioWorklet
 * module (addModule only rejects): the recorder test's own assertions catch that one.
 */
export const test = base.extend<{ cspViolations: string[] }>({
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
});
