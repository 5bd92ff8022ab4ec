// Build-only declaration of @wpwl/gateway-spec/webhook-cipher (see gateway-spec.d.ts).
export function sealWebhook(plaintext: string | Uint8Array, keyHex: string, iv?: Uint8Array): { body: string; iv: string; tag: string };
