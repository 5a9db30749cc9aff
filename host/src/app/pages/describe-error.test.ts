import { createMemoryRouter, data } from 'react-router-dom';
import { ApiError } from 'shared/api/api-error';
import { ka } from 'shared/strings/ka';
import { kaHost } from '../../words/ka-host';
import { describeError } from './describe-error';

/** What a route loader's thrown `data(...)` becomes by the time the error page reads it. */
async function routeErrorFrom(thrown: unknown): Promise<unknown> {
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw thrown;
      },
    },
  ]);
  await router.initialize();
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 5_000 });
  const error = Object.values(router.state.errors ?? {})[0];
  router.dispose();
  return error;
}

describe('describeError', () => {
  it('says the page could not be found for a 404', async () => {
    const error = await routeErrorFrom(data(null, { status: 404, statusText: 'Not Found' }));
    expect(describeError(error)).toEqual({
      status: 404,
      message: kaHost.errors.notFoundMessage,
      kind: 'not-found',
    });
  });

  it('keeps the status and message of a route error response', async () => {
    const error = await routeErrorFrom(
      data({ message: 'Unknown middleware nope' }, { status: 500 }),
    );
    expect(describeError(error)).toEqual({
      status: 500,
      message: 'Unknown middleware nope',
      kind: 'other',
    });
  });

  it('uses a plain-text body as the message', async () => {
    const error = await routeErrorFrom(data('აკრძალულია', { status: 403 }));
    expect(describeError(error)).toMatchObject({ status: 403, message: 'აკრძალულია' });
  });

  it('says the Georgian generic message, not an English reason, when the response has no message', async () => {
    const error = await routeErrorFrom(data(null, { status: 503 }));
    expect(error).toMatchObject({ statusText: 'Internal Server Error' });
    expect(describeError(error)).toMatchObject({
      status: 503,
      message: ka.errors.genericMessage,
    });
  });

  it('explains a failed chunk as status 500 of kind chunk', () => {
    const error = new Error('Loading chunk page-static failed.');
    error.name = 'ChunkLoadError';
    expect(describeError(error)).toEqual({
      status: 500,
      message: kaHost.errors.chunkFailed,
      kind: 'chunk',
    });
  });

  it('keeps an API error’s status and message', () => {
    const error = new ApiError('http', 403, 'permission_denied', 'აკრძალულია');
    expect(describeError(error)).toEqual({ status: 403, message: 'აკრძალულია', kind: 'other' });
  });

  it('treats an API 404 as page not found', () => {
    const error = new ApiError('http', 404, 'not_found', 'Not found.');
    expect(describeError(error)).toEqual({
      status: 404,
      message: kaHost.errors.notFoundMessage,
      kind: 'not-found',
    });
  });

  it.each([
    ['an error without a status', new Error('boom')],
    ['a thrown string', 'boom'],
  ])('gives %s status 500 and the generic message', (_, thrown) => {
    expect(describeError(thrown)).toEqual({
      status: 500,
      message: ka.errors.genericMessage,
      kind: 'other',
    });
  });
});
