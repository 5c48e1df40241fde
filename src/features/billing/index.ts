export { PlanPage } from './components/plan-page.tsx';
export { SubscribedPage } from './components/subscribed-page.tsx';
export { CreditsSummary } from './components/credits-summary.tsx';
export { useTrialReminder } from './components/use-trial-reminder.ts';
export * from './modals/index.ts';
