import { isRouteErrorResponse } from 'react-router-dom';
import { ApiError } from 'shared/api/api-error';
import { ka } from 'shared/strings/ka';
import { isChunkLoadError } from '../../chunk-reload/chunk-error';
import { kaHost } from '../../words/ka-host';

export interface ErrorDescription {
  status: number;
  message: string;
  kind: 'not-found' | 'chunk' | 'other';
}

function messageFrom(data: unknown): string | null {
  if (typeof data === 'string' && data.trim() !== '') return data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return null;
}

/** What the error page says for anything a route can throw; an error without a status is 500. */
export function describeError(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return { status: 404, message: kaHost.errors.notFoundMessage, kind: 'not-found' };
    }
    return {
      status: error.status,
      // Not statusText: React Router fills it with an English reason ("Internal Server Error").
      message: messageFrom(error.data) ?? ka.errors.genericMessage,
      kind: 'other',
    };
  }
  if (isChunkLoadError(error))
    return { status: 500, message: kaHost.errors.chunkFailed, kind: 'chunk' };
  if (error instanceof ApiError) {
    return {
      status: error.status,
      message: error.status === 404 ? kaHost.errors.notFoundMessage : error.message,
      kind: error.status === 404 ? 'not-found' : 'other',
    };
  }
  return { status: 500, message: ka.errors.genericMessage, kind: 'other' };
}
