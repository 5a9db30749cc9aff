import type { Page } from '@playwright/test';
import {
  loanTerms,
  personalDataNotice,
  questionAnswers,
  registrationTerms,
  slides,
} from 'shared/testing/fixtures';

/** Another site: nothing the provider sends may make the browser reach it. */
const ELSEWHERE = 'https://evil.example';

/**
 * What a compromised or careless CMS could put in its HTML: handlers, scripts, styles, a base,
 * images and links off the site (some disguised as paths), forms and embedded pages. Each
 * fragment would be refused or reported by the page's CSP if the browser ever parsed it.
 */
const HOSTILE_MARKUP = [
  '<p onclick="window.__xss=1" style="color:red" class="visually-hidden">{text}</p>',
  '<img src=x onerror="window.__xss=1">',
  `<img src="${ELSEWHERE}/pixel.png" alt="">`,
  '<img src="/\\evil.example/pixel.png" alt="">',
  '<img src="/\t/evil.example/x.png" alt="">',
  '<a href="javascript:window.__xss=1">ბმული</a>',
  '<a href="/\\evil.example/phish">ბმული</a>',
  '<style>body{display:none}</style><p style="display:none">დამალული</p>',
  `<base href="${ELSEWHERE}/"><link rel="stylesheet" href="${ELSEWHERE}/x.css">`,
  `<meta http-equiv="refresh" content="0;url=${ELSEWHERE}/">`,
  '<script>window.__xss=1</script><svg><script>window.__xss=1</script></svg>',
  '<svg onload="window.__xss=1"></svg><math><mtext><style><img src=x onerror=window.__xss=1>',
  `<iframe src="${ELSEWHERE}/"></iframe><object data="${ELSEWHERE}/x.swf"></object>`,
  `<form action="${ELSEWHERE}/"><input name="x"><button formaction="javascript:alert(1)">გაგზავნა</button></form>`,
].join('');

/** Provider HTML whose text a reader must still see, wrapped in everything above. */
export const hostileHtml = (text: string) =>
  `<h2>${text}</h2>${HOSTILE_MARKUP.replace('{text}', `${text}: დეტალები`)}`;

/** What the hostile CMS answers wherever the product shows provider content. */
export const HOSTILE = {
  answer: 'პასუხი უსაფრთხოდ',
  registrationTerms: 'რეგისტრაციის პირობები უსაფრთხოდ',
  loanTerms: 'სესხის პირობები უსაფრთხოდ',
  personalDataNotice: 'პერსონალური მონაცემების შეტყობინება უსაფრთხოდ',
  slideTitle: '<img src=x onerror="window.__xss=1">სლაიდი',
} as const;

/**
 * Answers the CMS's calls with hostile content (over the mocked provider or the sandbox;
 * routes added later take precedence). The ids are the fixtures', so a form that sends the
 * accepted terms' id still works.
 */
export async function serveHostileCms(page: Page): Promise<void> {
  await page.route('**/api/cms/question_answer/', (route) =>
    route.fulfill({
      json: questionAnswers.map((item) => ({ ...item, answer: hostileHtml(HOSTILE.answer) })),
    }),
  );
  await page.route('**/api/cms/terms_of_contract/?*', (route) => {
    const type = new URL(route.request().url()).searchParams.get('contact_type');
    const terms =
      type === '1'
        ? { ...loanTerms, content: hostileHtml(HOSTILE.loanTerms) }
        : type === '3'
          ? { ...personalDataNotice, content: hostileHtml(HOSTILE.personalDataNotice) }
          : { ...registrationTerms, content: hostileHtml(HOSTILE.registrationTerms) };
    return route.fulfill({ json: [terms] });
  });
  const [first, second] = slides;
  if (!first || !second) throw new Error('the fixtures have two slides');
  await page.route('**/api/cms/slider/', (route) =>
    route.fulfill({
      json: [
        { ...first, title: HOSTILE.slideTitle, link: 'javascript:window.__xss=1' },
        { ...second, id: 90, image: '/\\evil.example/pixel.png' },
        { ...second, id: 91, image: `${ELSEWHERE}/banner.png` },
        { ...second, id: 92, image: '/\t/evil.example/x.png', link: '/\\evil.example/phish' },
      ],
    }),
  );
}

/** Whether anything the hostile content carried ever ran in the page. */
export const scriptRan = (page: Page) =>
  page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss !== undefined);
