import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Button, Inline, Stack } from '../../design-system/index.ts';
import { readErrorReportingSettings } from '../shared/error-reporting/index.ts';
import { NotFound } from './not-found.tsx';
import * as styles from './pages.css.ts';

/** The error the page throws on purpose (the e2e test looks for it in the admins' list). */
export const DEBUG_ERROR_MESSAGE = 'Debug route threw on purpose';

/**
 * /debug/error: checks error reporting end to end. One button makes the page throw while rendering (the
 * router's error element reports it), the other rejects a promise with "Failed to fetch", which error
 * reporting ignores. Served only when the server says so (ERROR_TEST_ROUTE, off in production); anyone
 * else finds the not-found page.
 */
export function DebugErrorRoute() {
  const [enabled] = useState(() => readErrorReportingSettings().testRoute);
  const [broken, setBroken] = useState(false);
  // ?id=… makes the error a group of its own (a test run's), keeping the count of earlier runs apart.
  const id = useSearchParams()[0].get('id')?.slice(0, 40);
  if (!enabled) return <NotFound />;
  if (broken) throw new Error(id ? `${DEBUG_ERROR_MESSAGE}: ${id}` : DEBUG_ERROR_MESSAGE);
  return (
    <div className={styles.page}>
      <Stack gap="lg">
        <h1 className={styles.title}>
          <FormattedMessage id="debugError.title" />
        </h1>
        <Inline gap="md">
          <Button onPress={() => setBroken(true)}>
            <FormattedMessage id="debugError.throw" />
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              void Promise.reject(new TypeError('Failed to fetch'));
            }}
          >
            <FormattedMessage id="debugError.failedToFetch" />
          </Button>
        </Inline>
      </Stack>
    </div>
  );
}
