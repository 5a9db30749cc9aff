import { type HTMLAttributes, useMemo } from 'react';
import { sanitizeHtml } from 'shared/lib/sanitize-html';

type ProviderHtmlProps = { html: string } & Omit<
  HTMLAttributes<HTMLDivElement>,
  'children' | 'dangerouslySetInnerHTML'
>;

/**
 * HTML from the provider's CMS (answers, contract terms, notices): the one place the product
 * renders markup it did not write, and only as sanitizeHtml rewrote it.
 */
export function ProviderHtml({ html, ...rest }: ProviderHtmlProps) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: provider HTML, rewritten by sanitizeHtml.
  return <div {...rest} dangerouslySetInnerHTML={{ __html: safe }} />;
}
