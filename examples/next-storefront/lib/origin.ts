// Owns this shop's origin as the shopper reached it, on the server: the
// result URL the gateway sends the shopper back to is built from it.
import { headers } from 'next/headers';

/** This shop's origin as the shopper reached it (PUBLIC_URL when set). */
export async function requestOrigin(): Promise<string> {
  const list = await headers();
  const host = list.get('x-forwarded-host') ?? list.get('host');
  const proto = list.get('x-forwarded-proto') ?? 'http';
  return process.env.PUBLIC_URL?.replace(/\/$/, '') ?? `${proto}://${host}`;
}
