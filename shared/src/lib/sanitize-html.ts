import DOMPurify from 'dompurify';

let hooked = false;

function addHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    // A CMS image with no text alternative is treated as decorative rather than read out as a file name.
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    // Links the CMS opens in a new tab must not hand the new page a handle on ours.
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * CMS answers and contract terms arrive as HTML from the provider. Only this function turns
 * them into markup we render, so nothing the CMS sends can run script in the customer's page.
 */
export function sanitizeHtml(html: string): string {
  addHooks();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}
