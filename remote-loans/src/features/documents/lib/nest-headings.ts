/**
 * The CMS's headings placed under the page's heading at `level`: its highest becomes
 * `level + 1` and the rest keep their distance below it, none past h6. A contract's own `<h2>`
 * inside a loan's card (under an h5) would otherwise break the page's outline, which screen
 * reader users move through. Applied before sanitizing: whatever it rewrites is sanitized after.
 */
export function nestHeadings(html: string, level: number): string {
  const levels = [...html.matchAll(/<h([1-6])\b/gi)].map((match) => Number(match[1]));
  if (levels.length === 0) return html;
  const shift = level + 1 - Math.min(...levels);
  return html.replace(
    /<(\/?)h([1-6])\b/gi,
    (_whole, close: string, n: string) =>
      `<${close}h${Math.min(6, Math.max(1, Number(n) + shift))}`,
  );
}
