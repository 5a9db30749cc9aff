// @vitest-environment node
import { readsOncePerPage } from './page-reads';

/** A provider that answers each path with its status, and says what it was asked. */
function provider(statuses: Record<string, number | 'no answer'>) {
  const asked: string[] = [];
  const fetch = async (url: string) => {
    asked.push(url);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const status = statuses[url] ?? 404;
    if (status === 'no answer') throw new Error('the provider did not answer');
    return { status, data: { url } };
  };
  return { asked, fetch };
}

describe('a page’s reads of the provider', () => {
  it('asks each path once, for the parts that ask at once and for those that ask after', async () => {
    const { asked, fetch } = provider({ '/api/loan/payment_orders/': 200 });
    const page = readsOncePerPage(fetch);
    const together = await Promise.all([
      page('/api/loan/payment_orders/'),
      page('/api/loan/payment_orders/'),
    ]);
    const after = await page('/api/loan/payment_orders/');
    expect(asked).toEqual(['/api/loan/payment_orders/']);
    expect([...together, after]).toEqual(
      Array(3).fill({ status: 200, data: { url: '/api/loan/payment_orders/' } }),
    );
  });

  it('keeps the provider’s “none” for the page: a v1.2 provider’s 404 is asked once', async () => {
    const { asked, fetch } = provider({});
    const page = readsOncePerPage(fetch);
    await page('/api/loan/payment_orders/');
    expect(await page('/api/loan/payment_orders/')).toMatchObject({ status: 404 });
    expect(asked).toHaveLength(1);
  });

  it('asks again, later in the page, what failed: a part may still get it in time', async () => {
    const { asked, fetch } = provider({
      '/api/user/user/loan_limit/': 503,
      '/api/x/': 'no answer',
    });
    const page = readsOncePerPage(fetch);
    expect(await page('/api/user/user/loan_limit/')).toMatchObject({ status: 503 });
    await page('/api/user/user/loan_limit/');
    await expect(page('/api/x/')).rejects.toThrow();
    await expect(page('/api/x/')).rejects.toThrow();
    expect(asked).toEqual([
      '/api/user/user/loan_limit/',
      '/api/user/user/loan_limit/',
      '/api/x/',
      '/api/x/',
    ]);
  });

  it('tells paths apart by their query, and pages apart', async () => {
    const { asked, fetch } = provider({});
    const first = readsOncePerPage(fetch);
    await first('/api/loan/calculator?amount=1000.00&term=12');
    await first('/api/loan/calculator?amount=2000.00&term=12');
    await readsOncePerPage(fetch)('/api/loan/calculator?amount=1000.00&term=12');
    expect(asked).toHaveLength(3);
  });
});
