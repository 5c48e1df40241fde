/** A conversion the conversion-tracking flag (CONVERSION_TRACKING, SPEC.md section 9) reports. */
export type ConversionEvent = 'sign_up';

let reporter: ((event: ConversionEvent) => void) | null = null;

/**
 * Set by the consent runtime while a consenting guest is on a consent page with conversion tracking on (the
 * consent rule's `conversion`), and cleared as soon as that stops: outside it a conversion goes nowhere.
 */
export function setConversionReporter(next: ((event: ConversionEvent) => void) | null): void {
  reporter = next;
}

/**
 * Reports a conversion to the Google tag and POST /api/v3/events/google when the visitor consented; does nothing
 * otherwise. Call it when it happens, before the session changes (a sign-up signs the visitor in, and the
 * signed-in app sends nothing to third parties).
 */
export function reportConversion(event: ConversionEvent): void {
  reporter?.(event);
}
