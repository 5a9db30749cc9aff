import { isChunkLoadError, isRemoteUnreachableError } from './chunk-error';

function namedError(name: string, message = 'failed'): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('isChunkLoadError', () => {
  it('recognises an error named ChunkLoadError', () => {
    expect(isChunkLoadError(namedError('ChunkLoadError', 'anything'))).toBe(true);
  });

  it.each([
    'Loading chunk 12 failed.',
    'Loading chunk page-index failed.\n(error: http://localhost:3000/page-index.js)',
    'Loading CSS chunk 7 failed.',
  ])('recognises the message "%s"', (message) => {
    expect(isChunkLoadError(new Error(message))).toBe(true);
  });

  it.each([
    ['an ordinary error', new Error('Cannot read properties of undefined')],
    ['an unreachable remote', new Error('[ Federation Runtime ]: #RUNTIME-003 manifest failed')],
    ['a string', 'Loading chunk 12 failed.'],
    ['nothing', undefined],
  ])('does not take %s for a failed chunk', (_, value) => {
    expect(isChunkLoadError(value)).toBe(false);
  });
});

describe('isRemoteUnreachableError', () => {
  it.each([
    '[ Federation Runtime ]: #RUNTIME-003 Failed to get manifest.',
    '[ Federation Runtime ]: #RUNTIME-008 Failed to load script resources.',
  ])('recognises "%s" as an unreachable remote', (message) => {
    expect(isRemoteUnreachableError(new Error(message))).toBe(true);
  });

  it.each([
    ['another runtime code', new Error('#RUNTIME-001 something else')],
    ['a failed chunk', namedError('ChunkLoadError', 'Loading chunk 12 failed.')],
    ['a string with the code', '#RUNTIME-003'],
  ])('does not take %s for an unreachable remote', (_, value) => {
    expect(isRemoteUnreachableError(value)).toBe(false);
  });
});
