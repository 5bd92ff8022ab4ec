// Owns who a request comes from, for the per-client rate limits (checkouts,
// status reads, CSP reports). The connection's address, unless it is one of
// the shop's own reverse proxies (WPWL_TRUSTED_PROXIES): then the address
// those proxies recorded in X-Forwarded-For, read from the right, where only
// they can have written it. Behind a proxy that is not listed every shopper
// would share the proxy's address, and so one limit; a header from anyone
// else is ignored, or a client could name itself anew on each request and
// never be limited.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** An address as Node reports it, an IPv4 one mapped into IPv6 written as IPv4. */
const plain = (address: string) =>
  address
    .trim()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
    .toLowerCase();

/**
 * Checks the list of the shop's reverse proxies' addresses (IPv4 or IPv6,
 * no ranges) and returns them as a set.
 * @throws Error naming the setting and the entry that is not an address
 */
export function checkTrustedProxies(addresses: readonly string[]): ReadonlySet<string> {
  for (const address of addresses) {
    if (isIP(plain(address)) === 0) {
      throw new Error(
        `trustedProxies (WPWL_TRUSTED_PROXIES) must list IP addresses of the shop's reverse proxies, got ${JSON.stringify(address)}`,
      );
    }
  }
  return new Set(addresses.map(plain));
}

/** The address of the client `req` comes from (see the top of this file). */
export function clientAddress(req: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const connected = plain(req.socket.remoteAddress ?? 'unknown');
  if (!trustedProxies.has(connected)) return connected;
  let address = connected;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map(plain).filter(Boolean);
  // Right to left: each listed proxy appended the address it was connected from.
  while (trustedProxies.has(address) && hops.length > 0) address = hops.pop()!;
  // A proxy that sent something other than an address: the proxy itself, as if it had sent no header.
  return isIP(address) === 0 ? connected : address;
}
