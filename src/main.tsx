import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router';
import '../design-system/theme/index.ts';
import { DEFAULT_LOCALE, messages } from './i18n/index.ts';
import { createRouter } from './routes/router.tsx';

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <IntlProvider locale={DEFAULT_LOCALE} messages={messages[DEFAULT_LOCALE]}>
      <RouterProvider router={router} />
    </IntlProvider>
  </StrictMode>,
);
