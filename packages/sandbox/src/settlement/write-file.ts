// Owns putting a file on disk so that no reader ever sees half of it: the
// text is streamed (with backpressure) into a hidden temporary file in the
// same folder, which is then renamed to its name in one step.

import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Pieces of text are gathered into writes of about this many characters. */
const CHUNK_CHARS = 1 << 16;

/** `lines` gathered into chunks, so a million short lines are a few hundred writes. */
function* chunks(lines: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * Writes `lines` (each with its line break) to `path`: into `.{name}.{random}.tmp`
 * beside it, renamed to `path` once complete. `lines` is read as the file is
 * written, so it need not be held in memory. The temporary file is removed
 * when writing fails. Returns the number of bytes written.
 */
export async function writeFileWhole(path: string, lines: Iterable<string>): Promise<number> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const out = createWriteStream(temporary, { encoding: 'utf8' });
  try {
    await pipeline(Readable.from(chunks(lines), { objectMode: false }), out);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return out.bytesWritten;
}
