import { SEAM_ATTRIBUTE, seamEnd } from './slot-seam';

/** The start of a Suspense boundary React completed in the page (its content follows). */
const COMPLETED_BOUNDARY = '<!--$-->';
/** React's separator between two text nodes, which the browser's hydration skips. */
const TEXT_SEPARATOR = '<!-- -->';

/**
 * A slot's markup as a slice's worker rendered it in the whole page (decision 032): what its
 * boundary holds, from the start React wrote after the slot's place to the seam's end mark.
 * Undefined when the slot did not complete there (its code threw: React left it to the browser).
 */
export function cutSlotMarkup(page: string, slot: string, mark: string): string | undefined {
  const place = page.indexOf(`${SEAM_ATTRIBUTE}="${slot}"`);
  if (place < 0) return undefined;
  // React escapes `>` in attribute values: the first one closes the slot's tag.
  const opened = page.indexOf('>', place);
  if (opened < 0 || !page.startsWith(COMPLETED_BOUNDARY, opened + 1)) return undefined;
  const start = opened + 1 + COMPLETED_BOUNDARY.length;
  const end = page.indexOf(seamEnd(mark), start);
  if (end < 0) return undefined;
  const markup = page.slice(start, end);
  // The end mark is text: after a slot that ends with text, React separated the two.
  return markup.endsWith(TEXT_SEPARATOR) ? markup.slice(0, -TEXT_SEPARATOR.length) : markup;
}
