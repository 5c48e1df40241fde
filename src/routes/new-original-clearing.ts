import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { applyPageChange, browserStorage } from '../machines/index.ts';

/**
 * SPEC.md section 4: leaving the voice choice, audition, audio settings, calibration or recording pages clears
 * the stored new-original data once its project exists (`applyPageChange` holds the rule).
 */
export function useNewOriginalClearing() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    applyPageChange(browserStorage(), previous.current, pathname);
    previous.current = pathname;
  }, [pathname]);
}
