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
import { getOwners, getUser, listGroups, listUsers, setTrustLevel } from './admin.ts';
import { createApiKey, deleteApiKey, getApiKey } from './api-key.ts';
import { createCheckoutSession, createCustomerPortalSession, receiveBillingWebhook } from '../billing/handlers.ts';
import { setCustomPlan } from '../billing/custom-plan.ts';
import { getCredits, getSubscriptions, startTrial, stopTrial } from './billing.ts';
import { exportCreditLedger, listCreditLedger } from './ledger.ts';
import {
  autoCalibration,
  createCalibration,
  deleteCalibration,
  enableCalibration,
  getCalibration,
  listCalibrations,
  renameCalibration,
} from './calibrations.ts';
import { submitFeedback, submitNpsSurvey } from './feedback.ts';
import { oauthHandlers } from './oauth/index.ts';
import { applyPromoCode } from './promo-code.ts';
import { login, logout, restoreSession, signup } from './session.ts';
import { trackEvent, trackGoogleEvent } from './tracking.ts';

/** The auth service (/api/v3). Operations without a handler here answer 501 after authentication. */
export const authHandlers = defineHandlers({
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
  applyPromoCode,
  trackEvent,
  trackGoogleEvent,
  getApiKey,
  createApiKey,
  deleteApiKey,
  listUsers,
  getUser,
  listGroups,
  getOwners,
  setTrustLevel,
  submitFeedback,
  submitNpsSurvey,
  getCredits,
  listCreditLedger,
  exportCreditLedger,
  setCustomPlan,
  getSubscriptions,
  startTrial,
  stopTrial,
  createCheckoutSession,
  createCustomerPortalSession,
  receiveBillingWebhook,
  listCalibrations,
  createCalibration,
  autoCalibration,
  getCalibration,
  renameCalibration,
  deleteCalibration,
  enableCalibration,
  ...oauthHandlers,
});
