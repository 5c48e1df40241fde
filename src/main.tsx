import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router';
import '../design-system/theme/index.ts';
import { applyTheme, themeStore } from '../design-system/layouts/index.ts';
import { DEFAULT_LOCALE, messages } from './i18n/index.ts';
import { createRouter } from './routes/router.tsx';

// The remembered theme goes on <html> before the first paint.
applyTheme(themeStore.getSnapshot().context.theme);

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <IntlProvider locale={DEFAULT_LOCALE} messages={messages[DEFAULT_LOCALE]}>
      <RouterProvider router={router} />
    </IntlProvider>
  </StrictMode>,
);
