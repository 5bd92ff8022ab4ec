// TEMPORARY local stub until the reader lands (not committed).
import type { SettlementFileEntry } from './record.js';
export type SettlementFileSource = string | URL | AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array>;
export function readSettlementFile(
  _source: SettlementFileSource,
  _options?: { onProgress?: (bytes: number) => void },
): AsyncIterable<SettlementFileEntry> {
  throw new Error('stub');
}
