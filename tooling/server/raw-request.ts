import { connect } from 'node:net';

/**
 * What a server answers to bytes sent as they are: a request no HTTP client would send (a
 * malformed line, a URL or headers over the limits), for tests of the servers' own error
 * answers. The whole answer, status line and headers included, as text.
 */
export function rawRequest(port: number, request: string, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
  });
}

/** The headers of a raw answer, names lower-cased. */
export function headersOf(answer: string): Record<string, string> {
  const head = answer.slice(0, answer.indexOf('\r\n\r\n'));
  return Object.fromEntries(
    head
      .split('\r\n')
      .slice(1)
      .map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
  );
}
