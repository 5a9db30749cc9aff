import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';

/*
 * Newline-delimited JSON over a socket, each line bounded (the render service's protocol,
 * decision 041): what the other side sends is read only up to MAX_LINE_BYTES a line, so a
 * hostile worker's message cannot grow the reader without end.
 */

/**
 * The longest line either side sends: a page's slots answer (at most 32 slots of at most 1 MB
 * of markup, with their queries) or a release file, in JSON, is well under it.
 */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Hands each line of the socket to `onLine`; past `max` bytes without an end, `onTooLong` once. */
export function readBoundedLines(
  socket: Readable,
  onLine: (line: string) => void,
  onTooLong: () => void,
  max = MAX_LINE_BYTES,
): void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let over = false;
  socket.on('data', (chunk: Buffer) => {
    let start = 0;
    while (!over) {
      const end = chunk.indexOf(10, start);
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
      if (pendingBytes + piece.length > max) {
        over = true;
        pending = [];
        onTooLong();
        return;
      }
      if (end === -1) {
        pending.push(piece);
        pendingBytes += piece.length;
        return;
      }
      const line = Buffer.concat([...pending, piece]).toString('utf8');
      pending = [];
      pendingBytes = 0;
      start = end + 1;
      if (line) onLine(line);
      // A line's handler may have closed the socket: the rest is not read.
      if (socket.destroyed) return;
    }
  });
}

/** Writes `message` as one line. */
export function writeLine(socket: Socket, message: unknown): void {
  if (!socket.destroyed && socket.writable) socket.write(`${JSON.stringify(message)}\n`);
}
