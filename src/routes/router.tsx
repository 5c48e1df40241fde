import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  AupPage,
  FaqPage,
  LandingPage,
  PricingPage,
  TermsOfUsePage,
  UseCasesPage,
} from '../features/marketing/index.ts';
import { AppLayoutRoute } from './app-layout-route.tsx';
import { EXTERNAL_LINKS } from './external-links.ts';
import { MarketingLayoutRoute } from './marketing-layout-route.tsx';
import { NotFound } from './not-found.tsx';
import { Root, type RouteHandle } from './root.tsx';

const titled = (title: string): RouteHandle => ({ title });

/**
 * The route table. The root sets up client-side routing for React Aria's links; the marketing layout holds
 * the public site's pages and the app layout everything else. Guarded routes join it with the session; the
 * catch-all stays last.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <MarketingLayoutRoute />,
        children: [
          { path: '/', element: <LandingPage />, handle: titled('landing.documentTitle') },
          {
            path: '/pricing',
            element: <PricingPage forBusinessHref={EXTERNAL_LINKS.forBusiness} />,
            handle: titled('pricing.title'),
          },
          { path: '/use-cases', element: <UseCasesPage />, handle: titled('useCases.title') },
          {
            path: '/faq',
            element: <FaqPage contactHref={EXTERNAL_LINKS.requestCall} />,
            handle: titled('faq.documentTitle'),
          },
        ],
      },
      {
        element: <AppLayoutRoute />,
        children: [
          { path: '/terms-of-use', element: <TermsOfUsePage />, handle: titled('terms.title') },
          { path: '/aup', element: <AupPage />, handle: titled('aup.documentTitle') },
          { path: '*', element: <NotFound />, handle: titled('notFound.title') },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
