import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';

export interface RawRequest {
  method: string;
  /** Sent as is: no normalisation, no encoding. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The bytes as they came: still compressed when the answer has a Content-Encoding. */
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** One request to 127.0.0.1:port exactly as given, through Node's HTTP client. */
export function sendRaw(port: number, request: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...request.headers };
    if (request.body !== undefined)
      headers['content-length'] = String(Buffer.byteLength(request.body));
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: body.toString('utf8'),
            body,
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Bytes written straight to a socket (what no HTTP client would send); resolves with all that came
 * back once the server closes the connection (or after two idle seconds).
 */
export function sendBytes(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.setTimeout(2000, () => socket.end());
    socket.write(bytes);
  });
}

/** Status line, headers and body of a raw HTTP/1.1 answer. */
export function parseRawAnswer(answer: string): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const [head, ...rest] = answer.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}
