// Owns getting the settlement file's bytes, one piece at a time, from
// wherever the caller has them: a path or file URL, a Node stream or any
// async iterable, a Web ReadableStream (a fetch response's body). The next
// piece is asked for only when the last one was used, so a stream's
// backpressure holds. A source that fails becomes a READ_FAILED file error;
// an aborted reading stops at once with the signal's reason, and a reading
// left early (or aborted) closes its source.
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SettlementFileError } from './record.js';

/**
 * Where a settlement file is read from: a file path or `file:` URL, a Node
 * Readable (or any async iterable of bytes or text), or a Web
 * `ReadableStream` of bytes such as a fetch response's `body`.
 */
export type SettlementFileSource = string | URL | AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array>;

/** The source's pieces, in order. */
export async function* sourceChunks(source: SettlementFileSource, signal?: AbortSignal): AsyncGenerator<Uint8Array | string> {
  signal?.throwIfAborted();
  const { iterator, close, describe } = open(source);
  let finished = false;
  try {
    for (;;) {
      let step: IteratorResult<Uint8Array | string>;
      try {
        step = signal ? await untilAborted(iterator.next(), signal) : await iterator.next();
      } catch (error) {
        finished = true;
        if (signal?.aborted) throw signal.reason;
        throw new SettlementFileError('READ_FAILED', `${describe} could not be read: ${messageOf(error)}`, { cause: error });
      }
      if (step.done) {
        finished = true;
        return;
      }
      const chunk = step.value as unknown;
      if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) {
        finished = true;
        throw new SettlementFileError('READ_FAILED', `${describe} gave a ${typeof chunk} where bytes or text were expected`);
      }
      yield chunk;
    }
  } finally {
    // Left early, aborted or failed: let go of the source without waiting on it.
    if (!finished || signal?.aborted) close(signal?.reason);
  }
}

interface Opened {
  iterator: AsyncIterator<Uint8Array | string>;
  close: (reason?: unknown) => void;
  describe: string;
}

function open(source: SettlementFileSource): Opened {
  if (typeof source === 'string' || source instanceof URL) {
    const url = source instanceof URL ? source : source.startsWith('file:') ? new URL(source) : undefined;
    if (url && url.protocol !== 'file:') {
      throw new SettlementFileError('READ_FAILED', `${url.href} is not a file URL; fetch it and read the response's body instead`);
    }
    const path = url ? fileURLToPath(url) : (source as string);
    const stream = createReadStream(path);
    return fromIterable(stream, `the settlement file ${path}`, () => stream.destroy());
  }
  if (isWebStream(source)) {
    const reader = source.getReader();
    return {
      iterator: {
        next: async () => {
          const { done, value } = await reader.read();
          return done ? { done: true, value: undefined } : { done: false, value };
        },
      },
      close: (reason) => void reader.cancel(reason).catch(() => undefined),
      describe: 'the settlement file stream',
    };
  }
  if (typeof (source as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function') {
    return fromIterable(source, 'the settlement file stream');
  }
  throw new TypeError('readSettlementFile: the source must be a path, a file URL, a stream or an async iterable of bytes');
}

function fromIterable(iterable: AsyncIterable<Uint8Array | string>, describe: string, destroy?: () => void): Opened {
  const iterator = iterable[Symbol.asyncIterator]();
  return {
    iterator,
    close: () => {
      destroy?.();
      // A Node stream's iterator destroys the stream on return().
      void Promise.resolve(iterator.return?.()).catch(() => undefined);
    },
    describe,
  };
}

function isWebStream(source: SettlementFileSource): source is ReadableStream<Uint8Array> {
  return typeof (source as Partial<ReadableStream>).getReader === 'function';
}

/** `promise`, or the signal's reason as soon as it is aborted. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
