import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
/**
 * The sign-up bot check: Cloudflare Turnstile when TURNSTILE_SECRET is set, otherwise off (every token
 * passes and the start-up log says so). The HTTP call goes through the `fetch` given, so tests can stand
 * in for Cloudflare while the request itself is built exactly as in production.
 */
export interface BotCheck {
  readonly enabled: boolean;
  /** Whether the token proves a human; throws BotCheckUnavailable when the service cannot be asked. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

export class BotCheckUnavailable extends Error {}

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export const botCheckOff: BotCheck = { enabled: false, verify: async () => true };

interface SiteverifyAnswer {
  success?: boolean;
  'error-codes'?: string[];
}

export function turnstileBotCheck(secret: string, fetchImpl: typeof fetch = fetch, timeoutMs = 10_000): BotCheck {
  return {
    enabled: true,
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: SiteverifyAnswer;
      try {
        const res = await fetchImpl(TURNSTILE_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
        answer = (await res.json()) as SiteverifyAnswer;
      } catch (err) {
        throw new BotCheckUnavailable(`The bot check could not be reached: ${(err as Error).message}`);
      }
      // Cloudflare reports a wrong secret as a failure too; that is our fault, not the visitor's.
      const codes = answer['error-codes'] ?? [];
      if (codes.includes('invalid-input-secret') || codes.includes('missing-input-secret')) {
        throw new BotCheckUnavailable('The bot check refused our secret (TURNSTILE_SECRET)');
      }
      return answer.success === true;
    },
  };
}

export function createBotCheck(config: { turnstileSecret: string | undefined }): BotCheck {
  return config.turnstileSecret ? turnstileBotCheck(config.turnstileSecret) : botCheckOff;
}

declare module 'fastify' {
  interface FastifyInstance {
    botCheck: BotCheck;
  }
}

/** `app.botCheck`: the one given, else from the config (Turnstile with TURNSTILE_SECRET, else off). */
export const botCheckPlugin = fp(
  async (app: FastifyInstance, options: { botCheck?: BotCheck | undefined }) => {
    const botCheck = options.botCheck ?? createBotCheck(app.config);
    app.decorate('botCheck', botCheck);
    app.startup.botCheck = botCheck.enabled ? 'turnstile' : 'off';
  },
  { name: 'bot-check', dependencies: ['core'] },
);
