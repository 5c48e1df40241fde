import type { Preview } from '@storybook/react-vite';
import { IntlProvider } from 'react-intl';
// The bundled webfont (its woff2 files are emitted to /assets by Vite): the theme's font token names it.
import '@fontsource-variable/inter/wght.css';
import '../design-system/theme/index.ts';
import { configure } from 'storybook/test';
import messages from '../src/i18n/en.json';
import { DEFAULT_LOCALE, setMessages } from '../src/i18n/index.ts';

// Stories run while the other test layers share two cores: give overlays time to appear before a find* gives up.
configure({ asyncUtilTimeout: 5000 });
// What statecharts announce and toast outside React (t()) reads the same English messages as the stories.
setMessages(DEFAULT_LOCALE, messages);

const preview: Preview = {
  parameters: {
    // Any axe violation fails the story's test.
    a11y: { test: 'error' },
    layout: 'padded',
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => {
      document.documentElement.dataset.theme = String(context.globals.theme ?? 'light');
      return (
        <IntlProvider locale="en" messages={messages}>
          <Story />
        </IntlProvider>
      );
    },
  ],
};
export default preview;
