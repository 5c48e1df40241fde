export { LandingPage } from './components/landing-page.tsx';
export { PricingPage, type PricingPageProps } from './components/pricing-page.tsx';
export { UseCasesPage } from './components/use-cases-page.tsx';
export { FaqPage, FAQ_KEYS, type FaqPageProps } from './components/faq-page.tsx';
export { AupPage, TermsOfUsePage } from './components/legal-page.tsx';
