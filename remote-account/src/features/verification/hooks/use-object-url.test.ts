import { renderHook } from '@testing-library/react';
import { stubObjectUrls } from '../test-utils';
import { useObjectUrl } from './use-object-url';

describe('useObjectUrl', () => {
  let urls: ReturnType<typeof stubObjectUrls>;
  beforeEach(() => {
    urls = stubObjectUrls();
  });
  afterEach(() => urls.restore());

  it('gives no URL without a file', () => {
    const { result } = renderHook(() => useObjectUrl(null));
    expect(result.current).toBeNull();
    expect(urls.create).not.toHaveBeenCalled();
  });

  it('revokes the previous URL when the file changes, and the last one on unmount', () => {
    const { result, rerender, unmount } = renderHook(({ file }) => useObjectUrl(file), {
      initialProps: { file: new Blob(['a']) as Blob | null },
    });
    const first = result.current;
    expect(first).toMatch(/^blob:/);

    rerender({ file: new Blob(['b']) });
    const second = result.current;
    expect(second).not.toBe(first);
    expect(urls.revoke).toHaveBeenCalledWith(first);

    unmount();
    expect(urls.revoke).toHaveBeenCalledWith(second);
  });
});
