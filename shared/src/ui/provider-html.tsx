import { type HTMLAttributes, useMemo } from 'react';
import { sanitizeHtml } from 'shared/lib/sanitize-html';
import styles from '../styles/ui.module.css';

type ProviderHtmlProps = { html: string } & Omit<
  HTMLAttributes<HTMLDivElement>,
  'children' | 'dangerouslySetInnerHTML'
>;

/**
 * HTML from the provider's CMS (answers, contract terms, notices): the one place the product
 * renders markup it did not write, and only as sanitizeHtml rewrote it.
 */
export function ProviderHtml({ html, className, ...rest }: ProviderHtmlProps) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={[styles.providerHtml, className].filter(Boolean).join(' ')}
      {...rest}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: provider HTML, rewritten by sanitizeHtml.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
