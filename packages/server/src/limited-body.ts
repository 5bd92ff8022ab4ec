// Owns reading a Web body (a gateway response, a webhook request) with a size
// limit: a declared Content-Length over the limit is refused before anything
// is read, and a streamed body is cancelled as soon as it passes the limit, so
// a peer cannot make the server buffer more than it allows.

/**
 * The whole body as bytes, or `tooLarge()` thrown once it is (or says it is)
 * larger than `maxBytes`; an absent body is empty.
 */
export async function readBodyWithin(
  message: { headers: Headers; body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const declared = Number(message.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await message.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!message.body) return Buffer.alloc(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
