import { type IncomingHttpHeaders, request } from 'node:http';
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

export interface ExactAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ExactRequest {
  /** Sent exactly as written: `..`, escapes and their case as they are (fetch resolves them). */
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The server's address. */
  host?: string;
  /** The address the request comes from: another loopback address is another peer. */
  localAddress?: string;
}

/**
 * One request over a connection of its own, its path sent as written (Node's client neither
 * resolves nor re-encodes it), the client's side left open until the answer: a proxy takes a
 * half-closed connection (rawRequest) for a client gone while it waits for its upstream.
 */
export function exactRequest(port: number, asked: ExactRequest): Promise<ExactAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: asked.host ?? '127.0.0.1',
        port,
        method: asked.method ?? 'GET',
        path: asked.path,
        headers: asked.headers ?? {},
        agent: false,
        ...(asked.localAddress ? { localAddress: asked.localAddress } : {}),
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          body += chunk;
        });
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(asked.body);
  });
}
