import type { CustomerFetch } from 'host/render-entry';

/*
 * A customer's page asks the provider each thing once (issue 54). Its parts are rendered apart
 * — the account by the host's worker, each slot in a QueryClient of its own so the browser can
 * tell whose answers are whose, a slice's slots perhaps by several of its workers at once — and
 * several show the same answer: each of the loans slice's three slots reads the payment orders.
 * The page server, which asks for every part, answers a read its page already asked with the
 * same answer, so the provider hears it once and every part shows the same thing.
 */

/** Whether an answer stands for the rest of the page: the provider's word, not a failure to get it. */
const isTheProvidersWord = (answer: { status: number }) => answer.status < 500;

/**
 * `fetch` for one page: a read asked again while its first asking is under way, or after it
 * brought the provider's answer, is given that answer. One that failed (a 5xx, no answer) is
 * asked anew by a later read, as it was before: a part may still get it within the page's time.
 */
export function readsOncePerPage(fetch: CustomerFetch): CustomerFetch {
  const asked = new Map<string, ReturnType<CustomerFetch>>();
  return (url) => {
    const known = asked.get(url);
    if (known) return known;
    const answer = fetch(url);
    asked.set(url, answer);
    const forget = () => {
      if (asked.get(url) === answer) asked.delete(url);
    };
    answer.then((settled) => {
      if (!isTheProvidersWord(settled)) forget();
    }, forget);
    return answer;
  };
}
