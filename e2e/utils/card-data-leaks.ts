import { readFileSync, statSync } from 'node:fs';
import { expect } from '../fixtures';
import { CARD_CODE, CARD_EXPIRY, CARD_HOLDER } from './payment-utils';
import { E2E_HOST_METRICS_PORT } from './sandbox-env';
import { SERVERS_LOG } from './servers-log';

/*
 * Whether a card typed on the bank's page reached what the page servers keep: their log and
 * their metrics (contract v1.3: card data never touches the lender's side).
 */

/** What the page servers have logged so far: a test searches only what it made them log. */
export const logLength = () => {
  try {
    return statSync(SERVERS_LOG).size;
  } catch {
    return 0;
  }
};

/**
 * The card typed on the bank's page is nowhere in what the page servers logged since `from`,
 * nor in the page server's metrics: not the number (with or without spaces), the expiry, the
 * code or the holder.
 */
export async function expectNoCardDataLeft(from: number, number: string) {
  const log = readFileSync(SERVERS_LOG).subarray(from).toString('utf8');
  const metrics = await (await fetch(`http://127.0.0.1:${E2E_HOST_METRICS_PORT}/metrics`)).text();
  expect(metrics).toContain('# TYPE');
  const digits = number.replace(/\s/g, '');
  const [month, year] = CARD_EXPIRY.split('/');
  const secrets = [
    digits,
    number,
    CARD_EXPIRY,
    `${month}${year}`,
    `${month} / ${year}`,
    CARD_HOLDER,
  ];
  // Digits alone count as a number of their own: a duration's digits are not the card's (a
  // metric once read 12.275083192999972, which holds the expiry's 0831).
  const alone = (figures: string) => new RegExp(`(?<![\\d.])${figures}(?![\\d.])`);
  // A sample's value is a count the server made, not something it was told: a counter once
  // read 737, the card's code. Its names, labels and help are what could carry card data.
  const metricsWithoutValues = metrics.replace(
    /^([^#].*?)\s+(?:[-+]?\d[\d.e+-]*|NaN|[-+]Inf)(?:\s+\d+)?$/gm,
    '$1',
  );
  // What is left must still hold the labels: a stripping that took them would hide a leak.
  expect(metricsWithoutValues).toMatch(/^lender_pages_served_total\{slice="[^"]+",release="/m);
  for (const [where, text] of [
    ['the servers’ log', log],
    ['the page server’s metrics', metricsWithoutValues],
  ] as const) {
    for (const secret of secrets) {
      if (/^\d+$/.test(secret)) expect(text, where).not.toMatch(alone(secret));
      else expect(text, where).not.toContain(secret);
    }
    expect(text, `${where}: the card's code`).not.toMatch(alone(CARD_CODE));
  }
}
