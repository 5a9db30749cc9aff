import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps headings, paragraphs and bold text', () => {
    const html = '<h2>1. ზოგადი</h2><p>ტექსტი <strong>მნიშვნელოვანი</strong>.</p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes script tags and their content', () => {
    const clean = sanitizeHtml('<p>პასუხი</p><script>window.__xss = true</script>');
    expect(clean).toBe('<p>პასუხი</p>');
  });

  it('removes event-handler attributes', () => {
    const clean = sanitizeHtml('<p onclick="steal()">ტექსტი</p><img src="x" onerror="steal()">');
    expect(clean).not.toMatch(/onclick|onerror|steal/);
    expect(clean).toContain('<p>ტექსტი</p>');
  });

  it('removes javascript: links but keeps the link text', () => {
    const clean = sanitizeHtml('<a href="javascript:steal()">ბმული</a>');
    expect(clean).not.toContain('javascript:');
    expect(clean).toContain('ბმული');
  });

  it('removes forms, iframes and inline styles', () => {
    const clean = sanitizeHtml(
      '<form action="/x"><input name="p"></form><iframe src="https://evil.example"></iframe><p style="color:red">ა</p>',
    );
    expect(clean).toBe('<p>ა</p>');
  });
});
