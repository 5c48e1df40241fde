import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defineHandlers } from '../platform/handlers.ts';
import { pruneRateLimits } from '../platform/rate-limit.ts';
import { seedAdmin } from './seed-admin.ts';
import {
  acceptTermsOfUse,
  changePassword,
  deleteProfile,
  forgotPassword,
  resendVerificationEmail,
  saveLocalStorage,
  updateDemoWizard,
  updateDomainInfo,
  updateSettings,
  verifyEmail,
} from './account.ts';
import { createApiKey, deleteApiKey, getApiKey } from './api-key.ts';
import { oauthHandlers } from './oauth/index.ts';
import { login, logout, restoreSession, signup } from './session.ts';
import { trackEvent, trackGoogleEvent } from './tracking.ts';

/** Accounts (openapi/auth.yaml, /api/v3): sessions, sign-up and login, OAuth, verification, passwords, the API key. */
export const identityHandlers = defineHandlers({
  restoreSession,
  login,
  logout,
  signup,
  verifyEmail,
  resendVerificationEmail,
  forgotPassword,
  changePassword,
  acceptTermsOfUse,
  updateDomainInfo,
  saveLocalStorage,
  updateDemoWizard,
  updateSettings,
  deleteProfile,
  trackEvent,
  trackGoogleEvent,
  getApiKey,
  createApiKey,
  deleteApiKey,
  ...oauthHandlers,
});

/**
 * The accounts of the auth service at start: the admin exists (ADMIN_EMAIL; its login goes in the start-up
 * report), rate-limit windows older than a week are pruned, and the log says when the bot check is off.
 */
export const identityPlugin = fp(
  async (app: FastifyInstance) => {
    app.startup.admin = await seedAdmin(app.db, app.config);
    await pruneRateLimits(app.db, 7 * 86_400);
    if (!app.botCheck.enabled) {
      app.log.info(
        'bot check off: TURNSTILE_SECRET is not set, sign-ups are not checked and logins to attacked accounts are slowed down instead',
      );
    }
  },
  { name: 'identity', dependencies: ['database', 'bot-check', 'storage'] },
);
