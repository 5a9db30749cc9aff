import {
  DEFAULT_PROVIDER_SITE,
  followableLink,
  providerImagePath,
  setProviderSite,
  sitePath,
} from './site-urls';

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
    ['a path that serialises as another host', '/.//127.0.0.2:3001/x'],
    ['the same, with its dot escaped', '/%2e//evil.example/x'],
    ['a path that climbs into another host', '/x/..//evil.example/'],
  ])('refuses %s', (_, address) => {
    expect(sitePath(address)).toBeNull();
  });
});

describe('providerImagePath', () => {
  /** A provider behind the host's proxy, as a deployment configures it. */
  const DEPLOYED = {
    paths: ['/api/', '/media/', '/cms/uploads/'],
    origins: ['https://api.lender.ge', 'http://provider.internal:8000', 'https://lender.ge'],
  };

  beforeEach(() => setProviderSite(DEPLOYED));
  afterEach(() => setProviderSite(DEFAULT_PROVIDER_SITE));

  it.each([
    [
      'a path under the API, as a Django provider serves its CMS files',
      '/api/cms/media/slide-1.svg',
    ],
    ['a path under the media folder', ' /media/slider/fast.webp '],
    ['a path in a folder the deployment added', '/cms/uploads/2026/slide.png?v=3'],
    ['an absolute address on the provider’s public origin', 'https://api.lender.ge/media/a.png'],
    [
      'the same origin written in capitals, on its default port',
      'HTTPS://API.lender.ge:443/media/a.png',
    ],
    [
      'an absolute address on the origin the proxy reaches',
      'http://provider.internal:8000/api/cms/a.svg',
    ],
    ['the provider’s origin over the other scheme', 'http://api.lender.ge/media/a.png'],
    ['an address on the host’s own origin (X-Forwarded-Host)', 'https://lender.ge/media/a.png'],
  ])('keeps %s, as the path the page loads it from', (_, address) => {
    const path = providerImagePath(address);
    expect(path).not.toBeNull();
    expect(path).toMatch(/^\/(api|media|cms\/uploads)\//);
  });

  it('loads an absolute address from the same path on this site', () => {
    expect(providerImagePath('https://api.lender.ge/api/cms/media/slide-1.svg?v=2')).toBe(
      '/api/cms/media/slide-1.svg?v=2',
    );
    expect(providerImagePath('http://provider.internal:8000/media/a.png')).toBe('/media/a.png');
  });

  it.each([
    ['a relative address', 'x'],
    ['a path of the site the provider does not serve', '/static'],
    ['a page of the host named by its origin', 'https://lender.ge/recovery'],
    ['a path that climbs out of the provider’s folders', '/media/../runtime-config.json'],
    ['a climb spelt with escapes', '/media/%2e%2e/static'],
    ['a folder whose name only begins like the provider’s', '/mediafiles/x.png'],
    ['another host that looks like a path', '/\\evil.example/media/x.png'],
    ['another host behind two slashes', '//evil.example/media/x.png'],
    ['another host behind a tab', '\t//evil.example/media/x.png'],
    ['another host behind a tab inside the path', '/\t/evil.example/media/x.png'],
    ['another origin’s media', 'https://evil.example/media/x.png'],
    ['another port of the provider’s host', 'https://api.lender.ge:8443/media/x.png'],
    ['a host that ends like the provider’s', 'https://evil-api.lender.ge/media/x.png'],
    [
      'the provider’s host inside another one’s name',
      'https://api.lender.ge.evil.example/media/x.png',
    ],
    ['credentials that hide another host', 'https://api.lender.ge@evil.example/media/x.png'],
    ['a script', 'javascript:alert(1)'],
    ['inline data, although the CSP lets the page’s own through', 'data:image/png;base64,AAAA'],
    ['inline SVG', 'data:image/svg+xml,<svg onload="alert(1)"/>'],
    ['a blob', 'blob:https://api.lender.ge/1b2c'],
    ['a file', 'file:///media/x.png'],
    ['nothing', '   '],
  ])('refuses %s', (_, address) => {
    expect(providerImagePath(address)).toBeNull();
  });

  it('knows only the contract’s folders, and no origin, until the page is configured', () => {
    setProviderSite(DEFAULT_PROVIDER_SITE);
    expect(providerImagePath('/api/cms/media/slide-1.svg')).toBe('/api/cms/media/slide-1.svg');
    expect(providerImagePath('/media/x.png')).toBe('/media/x.png');
    expect(providerImagePath('/cms/uploads/x.png')).toBeNull();
    expect(providerImagePath('https://api.lender.ge/media/x.png')).toBeNull();
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
