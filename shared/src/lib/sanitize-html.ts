import DOMPurify from 'dompurify';

/**
 * CMS answers and contract terms arrive as HTML from the provider. Only this function turns
 * them into markup we render, so nothing the CMS sends can run script in the customer's page.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}
