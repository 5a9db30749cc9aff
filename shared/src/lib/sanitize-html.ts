import { Parser } from 'htmlparser2';
import { followableLink, providerImagePath } from 'shared/lib/site-urls';

/*
 * CMS answers, contract terms and notices arrive as HTML from the provider. Only sanitizeHtml
 * turns them into markup we render. It works on the string: the provider's markup is read by
 * an HTML tokenizer and written anew from an allowlist, and no browser ever parses the
 * original. A browser that parses hostile markup, even in a detached document (DOMParser, a
 * <template>, setHTML), reports it against the page's CSP (decision 017); and the server,
 * which renders the same HTML, has no DOM at all.
 */

/** Checks one attribute's decoded value: the value to write, or null to leave it out. */
type Rule = (value: string) => string | null;

const anyText: Rule = (value) => value;
const oneOf =
  (...choices: string[]): Rule =>
  (value) => {
    const choice = value.trim().toLowerCase();
    return choices.includes(choice) ? choice : null;
  };
const wholeNumber =
  (max: number): Rule =>
  (value) => {
    const number = /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : Number.NaN;
    return number >= 1 && number <= max ? String(number) : null;
  };

const EVERY_ELEMENT = new Map<string, Rule>([
  ['title', anyText],
  ['lang', anyText],
  ['dir', oneOf('ltr', 'rtl', 'auto')],
]);

const cell = (): [string, Rule][] => [
  ['colspan', wholeNumber(100)],
  ['rowspan', wholeNumber(1000)],
];

/**
 * What CMS text may contain: text structure and links, images from the provider, tables.
 * No `id`, `class` or `style` (the page's own names and looks are not the CMS's to reach), no
 * forms, no embedded content.
 */
const ELEMENTS = new Map<string, Map<string, Rule>>([
  ...[
    ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'address', 'section', 'article'],
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    ...['strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'del', 'ins'],
    ...['abbr', 'cite', 'q', 'code', 'figure', 'figcaption'],
    ...['ul', 'li', 'dl', 'dt', 'dd'],
    ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr'],
  ].map((name): [string, Map<string, Rule>] => [name, new Map()]),
  [
    'a',
    new Map([
      ['href', followableLink],
      ['target', oneOf('_blank')],
    ]),
  ],
  [
    'img',
    new Map([
      ['src', providerImagePath],
      ['alt', anyText],
      ['width', wholeNumber(4096)],
      ['height', wholeNumber(4096)],
    ]),
  ],
  ['ol', new Map([['start', wholeNumber(100_000)]])],
  ['td', new Map(cell())],
  ['th', new Map([...cell(), ['scope', oneOf('row', 'col', 'rowgroup', 'colgroup')]])],
]);

/** Elements whose content is not text for a reader: left out with everything inside them. */
const LEFT_OUT_WITH_CONTENT = new Set([
  ...['script', 'style', 'template', 'noscript', 'title', 'textarea', 'xmp', 'plaintext'],
  ...['iframe', 'object', 'embed', 'noembed', 'noframes', 'frameset', 'svg', 'math', 'select'],
  'head',
]);

const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'embed']);

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replaceAll('"', '&quot;');

/** The start tag to write for an allowed element, or null when it is not written. */
function startTag(name: string, attributes: Record<string, string>): string | null {
  const rules = ELEMENTS.get(name);
  if (!rules) return null;
  const kept = new Map<string, string>();
  for (const [attribute, raw] of Object.entries(attributes)) {
    const rule = rules.get(attribute) ?? EVERY_ELEMENT.get(attribute);
    const value = rule?.(raw) ?? null;
    if (value !== null && !kept.has(attribute)) kept.set(attribute, value);
  }
  if (name === 'img') {
    // An image from anywhere but the provider is not shown at all.
    if (!kept.has('src')) return null;
    // An image with no text alternative is decorative, not read out as a file name.
    if (!kept.has('alt')) kept.set('alt', '');
  }
  // A page the CMS opens in a new tab must not get a handle on ours.
  if (name === 'a' && kept.has('target')) kept.set('rel', 'noopener noreferrer');
  let tag = `<${name}`;
  for (const [attribute, value] of kept) tag += ` ${attribute}="${escapeAttribute(value)}"`;
  return `${tag}>`;
}

/** What happened to an element the tokenizer opened, so its end tag is treated alike. */
type Outcome = 'written' | 'unwrapped' | 'left-out';

/** One rewrite: the markup with only what ELEMENTS allows, every value checked and escaped. */
function rewrite(html: string): string {
  let out = '';
  const open: Outcome[] = [];
  let leftOut = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (leftOut > 0 || LEFT_OUT_WITH_CONTENT.has(name)) {
          leftOut += 1;
          open.push('left-out');
          return;
        }
        const tag = startTag(name, attributes);
        if (tag !== null) out += tag;
        open.push(tag === null ? 'unwrapped' : 'written');
      },
      onclosetag(name) {
        const outcome = open.pop();
        if (outcome === 'left-out') leftOut -= 1;
        if (outcome === 'written' && !VOID_ELEMENTS.has(name)) out += `</${name}>`;
      },
      ontext(text) {
        if (leftOut === 0) out += escapeText(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

/**
 * Provider HTML, rewritten to contain only what ELEMENTS allows: safe to render anywhere. Twice:
 * an element the first pass unwrapped (a form, a button) can keep the tokenizer from closing a
 * link or paragraph the way a browser would (`<a><form><a>`); over allowed markup alone the
 * second pass writes the structure a browser builds from it, so the result is stable.
 */
export function sanitizeHtml(html: string): string {
  return rewrite(rewrite(html));
}
