import fc from 'fast-check';
import { DEFAULT_PROVIDER_SITE, setProviderSite } from 'shared/lib/site-urls';
import { OTHER_PROVIDER_ORIGIN, otherProviderSite } from 'shared/testing/fixtures';
import { sanitizeHtml } from './sanitize-html';

/** The markup as a browser would build it from the sanitiser's output. */
function rendered(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = sanitizeHtml(html);
  return host;
}

const ALLOWED_ATTRIBUTES = new Set([
  ...['href', 'target', 'rel', 'src', 'alt', 'width', 'height', 'start'],
  ...['colspan', 'rowspan', 'scope', 'title', 'lang', 'dir'],
]);

/** Everything a rendered result may contain that could act: what the policy must never see. */
function activeParts(host: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of host.querySelectorAll('*')) {
    const name = element.localName;
    if (/^(script|style|base|link|meta|iframe|object|embed|form|svg|math|template)$/.test(name)) {
      found.push(`<${name}>`);
    }
    for (const attribute of element.attributes) {
      if (!ALLOWED_ATTRIBUTES.has(attribute.name)) found.push(`${name}[${attribute.name}]`);
    }
    const src = element.getAttribute('src');
    if (src !== null && !/^\/(media|api)\//.test(src)) found.push(`${name}[src=${src}]`);
    const href = element.getAttribute('href');
    if (href !== null && !/^(\/(?![/\\])|https?:\/\/|mailto:|tel:)/.test(href)) {
      found.push(`${name}[href=${href}]`);
    }
  }
  return found;
}

describe('sanitizeHtml', () => {
  it('keeps headings, paragraphs, lists, tables and emphasis as they were', () => {
    const html =
      '<h2>1. ზოგადი</h2><p>ტექსტი <strong>მნიშვნელოვანი</strong>.</p>' +
      '<ol start="2"><li>ერთი</li></ol><table><tbody><tr><td colspan="2">ა</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps text that looks like markup as text', () => {
    const host = rendered('<p>თანხა < 500 & ვადა > 3</p>');
    expect(host.textContent).toBe('თანხა < 500 & ვადა > 3');
    expect(host.querySelectorAll('*')).toHaveLength(1);
  });

  it('removes scripts, styles and templates with everything inside them', () => {
    const clean = sanitizeHtml(
      '<p>პასუხი</p><script>window.__xss = true</script><style>p{color:red}</style>' +
        '<template><img src=x onerror=alert(1)></template><noscript><p>x</p></noscript>',
    );
    expect(clean).toBe('<p>პასუხი</p>');
  });

  it('removes event handlers and styles but keeps the element and its text', () => {
    const clean = sanitizeHtml('<p onclick="steal()" style="color:red" class="x" id="root">ა</p>');
    expect(clean).toBe('<p>ა</p>');
  });

  it('removes a base, forms and embedded pages, keeping a form’s text', () => {
    const clean = sanitizeHtml(
      '<base href="https://evil.example/"><form action="/x"><label>ა<input name="p"></label></form>' +
        '<iframe src="https://evil.example"></iframe><object data="x"></object>',
    );
    expect(clean).toBe('ა');
  });

  it('keeps an image of the provider, marked decorative when it says nothing', () => {
    expect(sanitizeHtml('<img src="/media/terms/seal.png" onerror="steal()">')).toBe(
      '<img src="/media/terms/seal.png" alt="">',
    );
    expect(sanitizeHtml('<img alt="ბეჭედი" src="/media/seal.png">')).toBe(
      '<img alt="ბეჭედი" src="/media/seal.png">',
    );
  });

  it('keeps an image wherever the provider serves it, as the path the page loads it from', () => {
    setProviderSite(otherProviderSite);
    try {
      expect(sanitizeHtml('<img src="/api/cms/media/rates.png" alt="განაკვეთები">')).toBe(
        '<img src="/api/cms/media/rates.png" alt="განაკვეთები">',
      );
      expect(sanitizeHtml(`<img src="${OTHER_PROVIDER_ORIGIN}/media/seal.png">`)).toBe(
        '<img src="/media/seal.png" alt="">',
      );
    } finally {
      setProviderSite(DEFAULT_PROVIDER_SITE);
    }
  });

  it.each([
    ['a relative file', '<img src=x onerror="window.__xss=true">'],
    ['another site', '<img src="https://evil.example/pixel.png">'],
    ['another site behind a backslash', '<img src="/\\evil.example/pixel.png">'],
    ['inline data', '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
  ])('leaves out an image from %s', (_, html) => {
    expect(sanitizeHtml(`<p>ა</p>${html}`)).toBe('<p>ა</p>');
  });

  it.each([
    ['javascript:', '<a href="javascript:steal()">ბმული</a>'],
    ['an entity-spelt javascript:', '<a href="java&#x09;script&colon;steal()">ბმული</a>'],
    ['data:', '<a href="data:text/html,<script>steal()</script>">ბმული</a>'],
  ])('keeps the text of a %s link but not the link', (_, html) => {
    expect(sanitizeHtml(html)).toBe('<a>ბმული</a>');
  });

  it('keeps site, web, mail and phone links; a new tab gets no handle on the page', () => {
    expect(sanitizeHtml('<a href="/static" target="_top">წესები</a>')).toBe(
      '<a href="/static">წესები</a>',
    );
    expect(
      sanitizeHtml('<a href="https://nbg.gov.ge" target="_blank" rel="opener">ბანკი</a>'),
    ).toBe('<a href="https://nbg.gov.ge/" target="_blank" rel="noopener noreferrer">ბანკი</a>');
    expect(sanitizeHtml('<a href="mailto:info@example.ge">ფოსტა</a>')).toBe(
      '<a href="mailto:info@example.ge">ფოსტა</a>',
    );
  });

  it('writes attribute values so the browser reads back exactly what was checked', () => {
    const host = rendered('<abbr title="&quot;><img src=x onerror=alert(1)>">სსკ</abbr>');
    expect(host.querySelector('abbr')?.getAttribute('title')).toBe(
      '"><img src=x onerror=alert(1)>',
    );
    expect(host.querySelector('img')).toBeNull();
  });

  it('drops comments, CDATA and processing instructions', () => {
    expect(sanitizeHtml('<!-- <img src=x onerror=1> -->ა<![CDATA[<img src=x>]]><?php ?>')).toBe(
      'ა',
    );
  });

  it('writes the structure a browser would build, also around elements it unwraps', () => {
    // A form between two links kept the tokenizer from closing the first, as a browser does.
    const html = '<a href="/a">ა<form><button>ბ<a href="/b">გ</a>';
    expect(sanitizeHtml(html)).toBe('<a href="/a">აბ</a><a href="/b">გ</a>');
    expect(sanitizeHtml(sanitizeHtml(html))).toBe(sanitizeHtml(html));
  });

  it('closes what the provider left open', () => {
    expect(sanitizeHtml('<p>ა<strong>ბ')).toBe('<p>ა<strong>ბ</strong></p>');
  });

  it('leaves nothing active in any mix of hostile fragments, and a second pass changes nothing', () => {
    const fragments = [
      '<p>',
      '</p>',
      '<a href="javascript:alert(1)">',
      '<a href="/\\evil.example">',
      '</a>',
      '<img src=x onerror=alert(1)>',
      '<img src="/media/a.png">',
      '<svg onload=alert(1)>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<style>',
      '</style>',
      '<script>',
      '</script>',
      '<textarea>',
      '<title>',
      '<base href="//evil.example/">',
      '<!--',
      '-->',
      '<![CDATA[',
      '"',
      "'",
      '=',
      '<',
      '>',
      '&lt;',
      '&#60;',
      'ტექსტი',
      ' ',
      '<p style="x" onmouseover=alert(1)>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<table><td>',
      '<form><button formaction=javascript:alert(1)>',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 24 }), (parts) => {
        const html = parts.join('');
        const once = sanitizeHtml(html);
        expect(activeParts(rendered(html))).toEqual([]);
        expect(sanitizeHtml(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });
});
