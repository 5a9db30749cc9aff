// @vitest-environment node
import { sanitizeHtml } from './sanitize-html';

// The server renders the same provider HTML as the browser, and it has no DOM.
it('sanitises where there is no document', () => {
  expect(typeof document).toBe('undefined');
  expect(sanitizeHtml('<p onclick="x()">ა</p><img src=x onerror=alert(1)>')).toBe('<p>ა</p>');
});
