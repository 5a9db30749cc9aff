import { parseFragment, serialize, type DefaultTreeAdapterTypes as Tree } from 'parse5';

/*
 * A slot's server markup before it goes into a page (issue 56, row 4). It comes from a slice's
 * release, which decision 032 calls hostile: a release that renders `<meta http-equiv="refresh">`
 * sent every visitor elsewhere, and CSP does not cover a meta refresh. So the markup is parsed as
 * a browser parses it (parse5, the WHATWG algorithm) and taken only when every element and
 * attribute is one a React component renders: otherwise the slot is the browser's, and its
 * release is blamed. What goes into the page is the parsed tree written out again, so nothing in
 * it can close the slot's container or open a comment or element that swallows the page after it.
 */

/** The elements a slice's components may render: HTML's content elements and SVG's drawing ones. */
const HTML_ELEMENTS = new Set(
  (
    'a abbr address article aside b bdi bdo blockquote br button caption cite code col colgroup ' +
    'data datalist dd del details dfn dialog div dl dt em fieldset figcaption figure footer form ' +
    'h1 h2 h3 h4 h5 h6 header hgroup hr i img input ins kbd label legend li main mark menu meter ' +
    'nav noscript ol optgroup option output p picture pre progress q rp rt ruby s samp search ' +
    'section select small source span strong sub summary sup table tbody td template textarea ' +
    'tfoot th thead time tr u ul var wbr'
  ).split(' '),
);
const SVG_ELEMENTS = new Set(
  (
    'svg g path circle ellipse line polyline polygon rect text tspan title desc defs ' +
    'lineargradient radialgradient stop clippath mask symbol use'
  ).split(' '),
);

/** Attributes whose value is an address the browser goes to or fetches. */
const ADDRESS_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'srcset',
  'action',
  'formaction',
  'poster',
  'cite',
  'ping',
  'background',
]);
/** Attributes no component of ours renders, each a way to run or load something. */
const NEVER = new Set(['srcdoc', 'http-equiv', 'is']);

/** The scheme a browser reads in an address: it skips whitespace and control characters in it. */
const schemeOf = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip exactly these.
  /^([a-z][a-z0-9+.-]*):/.exec(value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase())?.[1];

/** Where a form may send what a customer typed: this site (a path of it), nowhere else. */
const onThisSite = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' || (schemeOf(trimmed) === undefined && !/^[\\/]{2}/.test(trimmed));
};

/** Images a component may inline; never SVG (a document of its own) or anything to run. */
const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif);/i;

function addressProblem(element: string, name: string, value: string): string | undefined {
  if (name === 'action' || name === 'formaction') {
    return onThisSite(value) ? undefined : `form sent off the site (${name}="${value}")`;
  }
  // In SVG an address points only within the page (a symbol, a gradient).
  if (SVG_ELEMENTS.has(element)) {
    return value.trim().startsWith('#') ? undefined : `address out of <${element}> (${name})`;
  }
  const addresses = name === 'srcset' ? value.split(',').map((part) => part.trim()) : [value];
  for (const address of addresses) {
    const scheme = schemeOf(address);
    if (scheme === undefined || ['http', 'https', 'mailto', 'tel'].includes(scheme)) continue;
    if (scheme === 'data' && name === 'src' && element === 'img' && INLINE_IMAGE.test(address)) {
      continue;
    }
    return `${scheme}: address (${name} on <${element}>)`;
  }
  return undefined;
}

function elementProblem(node: Tree.Element): string | undefined {
  const name = node.tagName.toLowerCase();
  const svg = node.namespaceURI === 'http://www.w3.org/2000/svg';
  if (!(svg ? SVG_ELEMENTS : HTML_ELEMENTS).has(name)) return `element <${name}>`;
  for (const attribute of node.attrs) {
    const attr = (attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name)
      .toLowerCase()
      .trim();
    if (attr.startsWith('on')) return `attribute ${attr} on <${name}>`;
    if (NEVER.has(attr)) return `attribute ${attr} on <${name}>`;
    if (ADDRESS_ATTRIBUTES.has(attr)) {
      const problem = addressProblem(name, attr, attribute.value);
      if (problem) return problem;
    }
  }
  return undefined;
}

function treeProblem(node: Tree.ParentNode): string | undefined {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    // A <template>'s markup (React's marker of a boundary left to the browser) is its content.
    const inside = child.tagName === 'template' ? (child as Tree.Template).content : child;
    const problem = elementProblem(child) ?? treeProblem(inside);
    if (problem) return problem;
  }
  return undefined;
}

export type CheckedMarkup = { html: string } | { problem: string };

/**
 * The slot's markup as the page may carry it, or what in it may not go into a page. Parsed with
 * scripting off, so what a `<noscript>` holds is read as the markup a browser without scripts
 * would make of it.
 */
export function checkSlotMarkup(html: string): CheckedMarkup {
  const fragment = parseFragment(html, { scriptingEnabled: false });
  const problem = treeProblem(fragment);
  if (problem) return { problem };
  // The serializer writes U+00A0 as `&nbsp;` (a text's own "&nbsp;" comes out as `&amp;nbsp;`):
  // put the character back, as React wrote it, so the page's bytes read as the slice rendered them.
  return { html: serialize(fragment).replaceAll('&nbsp;', '\u00a0') };
}
