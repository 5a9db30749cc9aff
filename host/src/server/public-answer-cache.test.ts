// @vitest-environment node
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosHeaders } from 'axios';
import { cachePublicAnswers } from './public-answer-cache';

function provider(fail = false) {
  const asked: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    asked.push(`${config.url}?${new URLSearchParams(config.params).toString()}`);
    if (fail) throw new Error('provider unavailable');
    return {
      data: { asked: asked.length },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    } as AxiosResponse;
  };
  return { adapter, asked };
}

const get = (url: string, params: Record<string, string> = {}, authorization?: string) =>
  ({
    method: 'get',
    url,
    params,
    headers: new AxiosHeaders(authorization ? { Authorization: authorization } : {}),
  }) as InternalAxiosRequestConfig;

describe('cachePublicAnswers', () => {
  it('asks the provider once per answer and period, whatever the number of pages', async () => {
    const { adapter, asked } = provider();
    const cached = cachePublicAnswers(adapter, 10_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cached(get('/api/loan/calculator', { amount: '1000.00' }))),
    );
    expect(asked).toHaveLength(1);
    expect(answers.map((answer) => answer.data)).toEqual(Array(5).fill({ asked: 1 }));
    await cached(get('/api/loan/calculator', { amount: '2000.00' }));
    expect(asked).toHaveLength(2);
  });

  it('asks again once the period is over', async () => {
    const { adapter, asked } = provider();
    let now = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    const cached = cachePublicAnswers(adapter, 10_000);
    await cached(get('/api/cms/slider/'));
    now = 9_999;
    await cached(get('/api/cms/slider/'));
    now = 10_000;
    await cached(get('/api/cms/slider/'));
    expect(asked).toHaveLength(2);
    clock.mockRestore();
  });

  it('never keeps an answer to a request with a session, nor a failure', async () => {
    const { adapter, asked } = provider();
    const cached = cachePublicAnswers(adapter, 10_000);
    await cached(get('/api/user/loan_limit/', {}, 'JWT a'));
    await cached(get('/api/user/loan_limit/', {}, 'JWT a'));
    expect(asked).toHaveLength(2);

    const failing = provider(true);
    const cachedFailing = cachePublicAnswers(failing.adapter, 10_000);
    await expect(cachedFailing(get('/api/cms/slider/'))).rejects.toThrow('provider unavailable');
    await expect(cachedFailing(get('/api/cms/slider/'))).rejects.toThrow('provider unavailable');
    expect(failing.asked).toHaveLength(2);
  });
});
