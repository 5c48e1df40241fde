import { defineHandlers } from '../platform/handlers.ts';
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
