/** The shape Rspack and the federation runtime give a chunk that failed to load. */
export interface ChunkLoadError extends Error {
  name: 'ChunkLoadError';
  request?: string;
  type?: string;
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk \S+ failed/.test(error.message);
}

/**
 * The federation runtime's codes for an unreachable remote: its manifest (RUNTIME-003) or its
 * entry (RUNTIME-008). The remote is down or moved; reloading the page would not help.
 */
export function isRemoteUnreachableError(error: unknown): boolean {
  return error instanceof Error && /#RUNTIME-00[38]/.test(error.message);
}
