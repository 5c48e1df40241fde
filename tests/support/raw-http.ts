import net from 'node:net';

/** One HTTP/1.1 response as read off the wire. */
export interface RawResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/** What waiting for a response came to: the response, the server closing the connection, or nothing in time. */
export type RawOutcome = RawResponse | 'closed' | 'timeout';

/**
 * A single keep-alive TCP connection spoken to by hand, so a test sees exactly what a browser would on a
 * reused connection: whether the next request is answered, and whether the server closed the connection.
 * Responses are read by content-length (what this server sends).
 */
export class RawConnection {
  readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private ended = false;
  private wake: (() => void) | undefined;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    const end = () => {
      this.ended = true;
      this.wake?.();
    };
    socket.on('end', end);
    socket.on('close', end);
    // A reset after the server closed is the same as a close for these tests.
    socket.on('error', end);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** True once the server closed (or reset) the connection. */
  get closed(): boolean {
    return this.ended;
  }

  /** Writes bytes unless the connection is gone; resolves when they have been handed to the kernel or dropped. */
  write(data: string | Buffer): Promise<void> {
    if (this.ended || this.socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => this.socket.write(data, () => resolve()));
  }

  /** Writes chunks one after another, waiting for each; stops when the server closes the connection. */
  async writeAll(chunks: Iterable<Buffer>): Promise<void> {
    for (const chunk of chunks) {
      if (this.ended) return;
      await this.write(chunk);
    }
  }

  /** The next response, or 'closed' / 'timeout'. */
  async response(timeoutMs: number): Promise<RawOutcome> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.ended) return 'closed';
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Resolves once the server has closed the connection, or 'timeout'. */
  async closedWithin(timeoutMs: number): Promise<'closed' | 'timeout'> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    return 'closed';
  }

  destroy() {
    this.socket.destroy();
  }

  private take(): RawResponse | undefined {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return undefined;
    const [statusLine, ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    if (headers['transfer-encoding'])
      throw new Error(`RawConnection reads content-length responses only: ${statusLine}`);
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < headEnd + 4 + length) return undefined;
    const body = this.buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(headEnd + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  }
}

/** The head of an HTTP/1.1 request with a body of `length` bytes. */
export function requestHead(method: string, url: string, headers: Record<string, string>, length: number): string {
  const lines = [`${method} ${url} HTTP/1.1`, 'host: 127.0.0.1', `content-length: ${length}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** GET /healthz, the request sent after a refusal to see whether the connection still works. */
export const HEALTHZ = 'GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n';
