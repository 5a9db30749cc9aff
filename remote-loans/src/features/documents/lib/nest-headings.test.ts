import { nestHeadings } from './nest-headings';

describe('nestHeadings', () => {
  it('puts the highest heading one below the page’s, the rest keeping their distance', () => {
    expect(nestHeadings('<h2>1.</h2><p>a</p><h3>1.1</h3><h2>2.</h2>', 3)).toBe(
      '<h4>1.</h4><p>a</p><h5>1.1</h5><h4>2.</h4>',
    );
  });

  it('stops at h6, and leaves markup without headings as it is', () => {
    expect(nestHeadings('<H1 title="x">a</H1><h2>b</h2>', 5)).toBe(
      '<h6 title="x">a</h6><h6>b</h6>',
    );
    expect(nestHeadings('<p>hr, header, <b>h2</b></p>', 5)).toBe('<p>hr, header, <b>h2</b></p>');
  });
});
