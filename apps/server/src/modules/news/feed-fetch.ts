import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';

export const PRIVATE_ADDRESS = 'refused: private address';
export const TOO_LARGE = 'feed too large';
const MAX_REDIRECTS = 5;

/** Addresses a feed must never reach: this machine, the private network, link-local, multicast. */
const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(ip);
  if (family === 0) return true;
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A DNS lookup that fails when any address of the name is private. It is the lookup the socket
 * connects with, so the address checked is the address used (a name re-pointed between a check and
 * the connection, DNS rebinding, gains nothing).
 */
const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(Object.assign(new Error(PRIVATE_ADDRESS), { code: 'EPRIVATE' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export interface FeedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** `host:port` values exempt from the private-address check (a feed on the intranet, tests). */
  allowHosts: ReadonlySet<string>;
  headers: Record<string, string>;
}

function get(url: URL, o: FeedFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const allowed = o.allowHosts.has(url.host);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowed && net.isIP(literal) && isPrivateAddress(literal)) throw new Error(PRIVATE_ADDRESS);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        headers: { ...o.headers, 'accept-encoding': 'gzip, deflate, br' },
        signal,
        ...(allowed ? {} : { lookup: publicLookup }),
      },
      resolve,
    );
    req.on('error', reject);
  });
}

/** The body as it was before content-encoding, so the byte count is of what gets parsed. */
function decoded(res: IncomingMessage): NodeJS.ReadableStream {
  switch (res.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

async function readBounded(res: IncomingMessage, maxBytes: number): Promise<string> {
  if (Number(res.headers['content-length'] ?? 0) > maxBytes && !res.headers['content-encoding']) {
    res.destroy();
    throw new Error(TOO_LARGE);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const body = decoded(res);
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      // Stops at the first byte past the limit: a 50 MB feed or a gzip bomb is never held whole.
      if (size > maxBytes) throw new Error(TOO_LARGE);
      chunks.push(chunk as Buffer);
    }
  } finally {
    res.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Fetches a feed over http(s) with redirects followed by hand, each hop checked: its host must
 * not resolve to a private address (unless named in `allowHosts`), and the body is counted as it
 * arrives, decompressed, and dropped past `maxBytes`.
 */
export async function fetchFeed(start: string, o: FeedFetchOptions): Promise<string> {
  const signal = AbortSignal.timeout(o.timeoutMs);
  try {
    let url = new URL(start);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('unsupported protocol');
      const res = await get(url, o, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.destroy();
        if (hop >= MAX_REDIRECTS) throw new Error('too many redirects');
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new Error(`HTTP ${status}`);
      }
      return await readBounded(res, o.maxBytes);
    }
  } catch (err) {
    if (signal.aborted) throw new Error('timed out');
    throw err;
  }
}
