import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * One kept-alive HTTP/1.1 connection that sends one request at a time and reads each answer to
 * its last byte by Content-Length — what a load generator such as wrk does, in a few lines. It
 * exists for the benchmarks that share their two cores with the server and its database: node:http
 * spent about 0.2 ms of CPU per request here, a tenth of a whole order's CPU, taken from the server.
 * An answer without Content-Length (chunked) is not read: it fails the request, loudly.
 */
export class KeepAliveClient {
  private socket: net.Socket | undefined;
  private received = Buffer.alloc(0);
  private waiting: ((status: number) => void) | undefined;

  constructor(private readonly origin: URL) {}

  private connect(): net.Socket {
    const socket = net.connect({ host: this.origin.hostname, port: Number(this.origin.port), noDelay: true });
    socket.on('data', (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.answer();
    });
    const lost = () => {
      if (this.socket === socket) this.socket = undefined;
      this.received = Buffer.alloc(0);
      this.settle(0);
    };
    socket.on('error', lost);
    socket.on('close', lost);
    return socket;
  }

  private settle(status: number) {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(status);
  }

  /** Resolves the request in flight once its whole answer is in. */
  private answer() {
    const headerEnd = this.received.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.received.toString('latin1', 0, headerEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.socket?.destroy(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const end = headerEnd + HEADER_END.length + Number(length[1]);
    if (this.received.length < end) return;
    this.received = this.received.subarray(end);
    this.settle(status);
  }

  /** POSTs a JSON body; resolves to the HTTP status, or 0 when the connection failed. */
  post(path: string, headers: Record<string, string>, body: unknown): Promise<number> {
    if (this.waiting) throw new Error('one request at a time on a connection');
    const payload = Buffer.from(JSON.stringify(body));
    let head = `POST ${path} HTTP/1.1\r\nhost: ${this.origin.host}\r\ncontent-type: application/json\r\ncontent-length: ${payload.length}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    this.socket ??= this.connect();
    const answered = new Promise<number>((resolve) => {
      this.waiting = resolve;
    });
    this.socket.write(Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), payload]));
    return answered;
  }

  close() {
    this.socket?.destroy();
    this.socket = undefined;
  }
}
