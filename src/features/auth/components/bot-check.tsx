import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The bot check of sign-up, and of a login to an account under attack once the server asks for it (Cloudflare
 * Turnstile). DESIGN.md: off unless configured. With a site key the
 * widget renders and its token is sent as captcha_token; without one the server's bot check is off too
 * (it accepts any token) and the token says so.
 */
export const BOT_CHECK_OFF_TOKEN = 'bot-check-off';
const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface Turnstile {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}
declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

let loading: Promise<Turnstile> | null = null;
function loadTurnstile(): Promise<Turnstile> {
  // Already on the page (loaded by another form, or a story's stand-in).
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not load')));
    script.onerror = () => {
      loading = null;
      reject(new Error('Turnstile did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The site key, when the bot check is configured: from `<meta name="turnstile-site-key">` in the served page
 * (the server's TURNSTILE_SITE_KEY, set at run time), else VITE_TURNSTILE_SITE_KEY at build time.
 */
export function botCheckSiteKey(): string | null {
  const meta = globalThis.document?.querySelector<HTMLMetaElement>('meta[name="turnstile-site-key"]')?.content;
  if (meta) return meta;
  const key: unknown = import.meta.env.VITE_TURNSTILE_SITE_KEY;
  return typeof key === 'string' && key ? key : null;
}

/**
 * The token to send as captcha_token (null until the widget has one), the widget's container, and a reset
 * for after a failed submit (a Turnstile token is good for one use).
 */
export function useBotCheck(siteKey: string | null = botCheckSiteKey()) {
  // The token is the one the widget of this site key gave; a widget that appears later (the login form
  // shows it once the server asks) starts without one.
  const [given, setGiven] = useState<{ siteKey: string; token: string | null } | null>(null);
  const token = siteKey ? (given?.siteKey === siteKey ? given.token : null) : BOT_CHECK_OFF_TOKEN;
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<string | null>(null);

  useEffect(() => {
    if (!siteKey || !container.current) return;
    let live = true;
    const element = container.current;
    loadTurnstile().then(
      (turnstile) => {
        if (!live) return;
        widget.current = turnstile.render(element, {
          sitekey: siteKey,
          callback: (value: string) => setGiven({ siteKey, token: value }),
          'expired-callback': () => setGiven(null),
          'error-callback': () => setGiven(null),
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (widget.current) window.turnstile?.remove(widget.current);
      widget.current = null;
    };
  }, [siteKey]);

  const reset = useCallback(() => {
    if (!siteKey) return;
    setGiven(null);
    if (widget.current) window.turnstile?.reset(widget.current);
  }, [siteKey]);

  return { token, reset, widget: siteKey ? <div ref={container} /> : null };
}
