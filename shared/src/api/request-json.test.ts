import { HttpResponse, http } from 'msw';
import { ka } from 'shared/strings/ka';
import * as z from 'shared/validation/zod';
import { mswServer } from '../testing/msw-server';
import { requestJson } from './request-json';

const answer = z.object({ ok: z.boolean() });

afterEach(() => {
  vi.doUnmock('shared/api/api-client');
});

describe("a call whose client's code does not come", () => {
  it('fails as the network failing, in Georgian, and the next call fetches the client again', async () => {
    mswServer.use(http.get('*/api/probe/', () => HttpResponse.json({ ok: true })));
    // What a dropped connection does to the chunk's fetch.
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
