import type { Page } from '@playwright/test';

/** The paths of the fonts a page fetches from now on. */
export function watchFonts(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

/**
 * The fonts fetched beyond the brand font's subsets for Georgian text and the lari sign
 * (shared/styles/fonts.css): a mark or an icon should never cost a font of its own.
 */
export async function fontsBeyondTheText(page: Page, fonts: string[]): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  return fonts.filter((font) => !/noto-sans-georgian-(georgian|latin|latin-ext)-wght/.test(font));
}
