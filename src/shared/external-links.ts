/**
 * The external links of SPEC.md section 2 (request a call, contact us, marketplace contact, the company
 * site). They open in a new tab. The literal addresses are not in the spec; these are the company site's.
 */
export const EXTERNAL_LINKS = {
  /** "For Business" in the marketing top bar. */
  forBusiness: 'https://timbre.example/business',
  /** "Contact Us" in the footer: the request-a-call page. */
  requestCall: 'https://timbre.example/request-a-call',
} as const;

/** An absolute URL (https:, mailto:…) or a protocol-relative one: the router must leave it as written. */
export function isAbsoluteHref(href: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href);
}
