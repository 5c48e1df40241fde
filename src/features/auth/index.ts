export { LoginPage } from './components/login-page.tsx';
export { LoginMobilePage } from './components/login-mobile-page.tsx';
export { SignupPage } from './components/signup-page.tsx';
export { ForgotPasswordPage, ForgotPasswordEmailSentPage } from './components/forgot-password-page.tsx';
export { ChangePasswordPage, ChangePasswordSuccessPage } from './components/change-password-page.tsx';
export { VerifyEmailPage } from './components/verify-email-page.tsx';
export { UnverifiedPage } from './components/unverified-page.tsx';
export {
  AuthRedirectPage,
  LoginRedirectPage,
  OauthCallbackPage,
  LOGIN_REDIRECT_PATH,
} from './components/redirect-pages.tsx';
export { useUrlCapture } from './use-url-capture.ts';
