// Owns the demo's stored cards: which registrations (the gateway's ids of cards
// a shopper asked to save) belong to which shopper. A shopper is a random id
// in an HttpOnly cookie; a real shop keys this on its customer account and
// keeps it in its database. Only ids the gateway answered for a payment this
// server verified are kept, so no request can add a stranger's card.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const COOKIE = 'wpwl_demo_shopper';
const SHOPPER_ID = /^[0-9a-f-]{36}$/;
/** Most recent first; older ones are forgotten. */
const MAX_CARDS_PER_SHOPPER = 3;
const MAX_SHOPPERS = 10_000;

export class StoredCards {
  readonly #byShopper = new Map<string, string[]>();

  /** The shopper of a request: the cookie's id, or a new one set on the response. */
  shopperOf(req: IncomingMessage, res: ServerResponse): string {
    const sent = /(?:^|;\s*)wpwl_demo_shopper=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    if (sent && SHOPPER_ID.test(sent)) return sent;
    const id = randomUUID();
    // Lax: the shopper comes back to the result page from the gateway's 3-D Secure page.
    res.setHeader('Set-Cookie', `${COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax`);
    return id;
  }

  /** The registration ids to offer this shopper, most recent first. */
  of(shopperId: string): string[] {
    return [...(this.#byShopper.get(shopperId) ?? [])];
  }

  /** Keeps a registration the gateway answered for this shopper's verified payment. */
  add(shopperId: string, registrationId: string): void {
    const kept = (this.#byShopper.get(shopperId) ?? []).filter((id) => id !== registrationId);
    this.#byShopper.delete(shopperId);
    if (this.#byShopper.size >= MAX_SHOPPERS) {
      const oldest = this.#byShopper.keys().next().value;
      if (oldest !== undefined) this.#byShopper.delete(oldest);
    }
    this.#byShopper.set(shopperId, [registrationId, ...kept].slice(0, MAX_CARDS_PER_SHOPPER));
  }
}
