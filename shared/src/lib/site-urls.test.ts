import { followableLink, providerImagePath, sitePath } from './site-urls';

describe('sitePath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(sitePath('/static?tab=loan#terms')).toBe('/static?tab=loan#terms');
  });

  it.each([
    ['another host by two slashes', '//evil.example/x'],
    ['another host by a backslash', '/\\evil.example/pixel.png'],
    ['another host behind a tab', '/\t/evil.example/x.png'],
    ['an absolute address', 'https://evil.example/x'],
    ['a script', 'javascript:alert(1)'],
    ['a relative address, whose meaning depends on the page', 'static'],
  ])('refuses %s', (_, address) => {
    expect(sitePath(address)).toBeNull();
  });
});

describe('providerImagePath', () => {
  it('keeps an image the provider serves', () => {
    expect(providerImagePath(' /media/slider/fast.webp ')).toBe('/media/slider/fast.webp');
  });

  it.each([
    ['a path of the site that is not the provider’s', 'x'],
    ['a path that climbs out of the media', '/media/../api/user/details/'],
    ['another host that looks like a path', '/\\evil.example/media/x.png'],
    ['another host’s media', 'https://evil.example/media/x.png'],
    ['inline data', 'data:image/png;base64,AAAA'],
  ])('refuses %s', (_, address) => {
    expect(providerImagePath(address)).toBeNull();
  });
});

describe('followableLink', () => {
  it.each([
    ['a page of the site', '/static', '/static'],
    ['a web address', 'https://nbg.gov.ge/', 'https://nbg.gov.ge/'],
    ['an e-mail address', 'mailto:info@example.ge', 'mailto:info@example.ge'],
    ['a phone number', 'tel:+995322000000', 'tel:+995322000000'],
  ])('keeps %s', (_, address, expected) => {
    expect(followableLink(address)).toBe(expected);
  });

  it.each([
    ['a script', 'javascript:alert(1)'],
    ['a script spelt with a tab and capitals', 'Java\tScript:alert(1)'],
    ['inline data', 'data:text/html,<script>alert(1)</script>'],
    ['a bare fragment', '#terms'],
    ['nothing', '  '],
    ['words', 'not a link'],
  ])('refuses %s', (_, address) => {
    expect(followableLink(address)).toBeNull();
  });
});
