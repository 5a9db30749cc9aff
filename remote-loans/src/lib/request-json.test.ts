import { HttpResponse, http } from 'msw';
import { ka } from 'shared/strings/ka';
import { mswServer } from 'shared/testing/msw-server';
import * as z from 'shared/validation/zod';
import { requestJson } from './request-json';

const answer = z.object({ ok: z.boolean() });

afterEach(() => {
  vi.doUnmock('shared/api/api-client');
});

describe("the slice's call, its client fetched with it", () => {
  it('answers through the shared client, validated', async () => {
    mswServer.use(http.get('*/api/probe/', () => HttpResponse.json({ ok: true })));
    await expect(requestJson(answer, { method: 'GET', url: '/api/probe/' })).resolves.toEqual({
      ok: true,
    });
  });

  it('fails as the network failing, in Georgian, when the client’s code does not come, and asks again next time', async () => {
    mswServer.use(http.get('*/api/probe/', () => HttpResponse.json({ ok: true })));
    vi.doMock('shared/api/api-client', () => {
      throw new Error('Loading chunk 512 failed.');
    });
    await expect(requestJson(answer, { method: 'GET', url: '/api/probe/' })).rejects.toMatchObject({
      kind: 'network',
      message: ka.errors.network,
    });
    vi.doUnmock('shared/api/api-client');
    await expect(requestJson(answer, { method: 'GET', url: '/api/probe/' })).resolves.toEqual({
      ok: true,
    });
  });
});
