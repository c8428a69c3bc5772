import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { errorBody } from '../errors/error-body.js';
import { httpStatusOf, type ErrorCode } from '../errors/error-code.js';

interface Refusal {
  code: ErrorCode;
  message: string;
}

const MALFORMED: Refusal = { code: 'bad_request', message: 'Malformed HTTP request' };

/** Node's parser errors that Node answers with another status than 400; the rest are malformed. */
const REFUSAL_BY_PARSER_ERROR: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: { code: 'headers_too_large', message: 'Request headers too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', message: 'Request not received in time' },
};

/**
 * Whether a response already started on this socket, where more bytes would corrupt it. Node's
 * own handler asks the same of the in-flight response it keeps on the socket.
 */
function responseStarted(socket: Duplex): boolean {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  return inFlight?.headersSent === true;
}

/**
 * Requests Node's HTTP parser refuses (bad chunk size, too many headers, bare LF, duplicate
 * Content-Length…) never reach Express; Node answers them with an empty body. This answers them
 * with the same status and the API's `{ error, code }` body instead, then closes the connection.
 */
export function answerClientErrorsAsJson(server: Server, logger: Logger): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable || responseStarted(socket)) {
      socket.destroy();
      return;
    }
    const { code, message } = REFUSAL_BY_PARSER_ERROR[error.code ?? ''] ?? MALFORMED;
    const status = httpStatusOf(code);
    logger.debug({ parserError: error.code, status }, 'request refused by the HTTP parser');
    const body = JSON.stringify(errorBody(code, message));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
