// A body over the limit, really uploaded over loopback: the sandbox answers
// 413 at once, then reads and discards what is still arriving (within
// LINGER_BYTES and LINGER_MS) before it closes the connection, so an
// ordinary client reads the answer instead of a reset; a client that never
// stops sending is cut off at that bound.
import { execFile } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LINGER_BYTES, LINGER_MS, MAX_BODY_BYTES } from '../src/http.js';
import { openSandbox, type Client } from './client.js';

let client: Client;
beforeEach(async () => {
  client = await openSandbox();
});
afterEach(async () => {
  await client.sandbox.close();
});

const NINE_MB = 9_000_000;

/** A form body of `size` bytes: one long parameter, so only its size is wrong. */
const formBody = (size: number) => Buffer.alloc(size, 'a');

interface Endless {
  socket: Socket;
  /** The sandbox's answer as read so far. */
  answer: () => string;
  /** Bytes of body written before the connection ended. */
  sent: () => number;
  /** Stops writing, leaving the connection open. */
  stop: () => void;
  /** Resolves with the milliseconds from the first byte to the connection's end. */
  closed: Promise<number>;
}

/** A raw client that declares a chunked body and sends 64 KiB chunks until the sandbox stops it. */
function endlessUpload(path: string, headers: Record<string, string> = {}): Endless {
  const url = new URL(client.sandbox.url);
  const socket = connect(Number(url.port), url.hostname);
  let answer = '';
  let sent = 0;
  let ended = false;
  let stopped = false;
  const started = Date.now();
  const chunk = Buffer.concat([Buffer.from('10000\r\n'), formBody(0x10000), Buffer.from('\r\n')]);
  const closed = new Promise<number>((resolve) => {
    socket.on('error', () => {});
    socket.on('close', () => {
      ended = true;
      resolve(Date.now() - started);
    });
  });
  socket.setEncoding('latin1');
  socket.on('data', (text: string) => (answer += text));
  socket.on('connect', () => {
    const head = Object.entries({
      Host: url.host,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Transfer-Encoding': 'chunked',
      ...headers,
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
    const pump = () => {
      while (!ended && !stopped && socket.write(chunk)) sent += chunk.length;
      if (!ended && !stopped) {
        sent += chunk.length;
        socket.once('drain', pump);
      }
    };
    pump();
  });
  return { socket, answer: () => answer, sent: () => sent, stop: () => (stopped = true), closed };
}

/** What a Node process's global fetch made of one upload: the answer, or the error's code. */
interface Upload {
  status?: number;
  connection?: string | null;
  text?: string;
  error?: string;
}

/**
 * Uploads `size` bytes with Node's global fetch from a separate Node process
 * (a real client: in the sandbox's own process the answer often wins the race
 * against the reset), `times` times in a row, and returns what each gave.
 */
async function fetchFromAnotherProcess(
  path: string,
  options: { size: number; times: number; stream?: boolean; headers?: Record<string, string> },
): Promise<Upload[]> {
  const script = `
    const [url, size, times, stream, headers] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3]), process.argv[4] === 'stream', JSON.parse(process.argv[5])];
    const streamed = () => {
      let offset = 0;
      return new ReadableStream({
        pull(controller) {
          if (offset >= size) return controller.close();
          const length = Math.min(0x10000, size - offset);
          controller.enqueue(Buffer.alloc(length, 'a'));
          offset += length;
        },
      });
    };
    const uploads = [];
    for (let i = 0; i < times; i++) {
      try {
        const body = stream ? streamed() : Buffer.alloc(size, 'a');
        const res = await fetch(url, { method: 'POST', headers, body, duplex: 'half' });
        uploads.push({ status: res.status, connection: res.headers.get('connection'), text: await res.text() });
      } catch (error) {
        uploads.push({ error: String(error.cause?.code ?? error) });
      }
    }
    console.log(JSON.stringify(uploads));`;
  const args = [
    '--input-type=module',
    '-e',
    script,
    `${client.sandbox.url}${path}`,
    String(options.size),
    String(options.times),
    options.stream ? 'stream' : 'buffer',
    JSON.stringify({ 'Content-Type': 'application/x-www-form-urlencoded', ...options.headers }),
  ];
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, args, { timeout: 60_000 }, (error, out) => (error ? reject(error) : resolve(out))),
  );
  return JSON.parse(stdout) as Upload[];
}

const merchant = () => ({ Authorization: `Bearer ${client.sandbox.accessToken}` });

describe('a refused body is answered, then drained before the connection closes', () => {
  it("Node's fetch uploading 9 MB reads the 413 and its message naming the limit, every time", async () => {
    const uploads = await fetchFromAnotherProcess('/v1/checkouts', { size: NINE_MB, times: 8, headers: merchant() });
    for (const upload of uploads) {
      expect(upload).toMatchObject({ status: 413, connection: 'close' });
      const body = JSON.parse(upload.text ?? '') as { result: { code: string; description: string } };
      expect(body.result.code).toBe('200.300.404');
      expect(body.result.description).toContain(`request body larger than the limit of ${MAX_BODY_BYTES} bytes`);
    }
  });

  it("Node's fetch streaming 9 MB without a declared length reads the 413 too", async () => {
    const uploads = await fetchFromAnotherProcess('/v1/checkouts', { size: NINE_MB, times: 4, stream: true, headers: merchant() });
    for (const upload of uploads) {
      expect(upload).toMatchObject({ status: 413, connection: 'close' });
      expect(upload.text).toContain(`limit of ${MAX_BODY_BYTES} bytes`);
    }
  });

  it("a browser's form post uploading 9 MB is shown the refusal page", async () => {
    const checkoutId = await client.checkout();
    const uploads = await fetchFromAnotherProcess(`/v1/checkouts/${checkoutId}/payment`, {
      size: NINE_MB,
      times: 4,
      headers: { Accept: 'text/html' },
    });
    for (const upload of uploads) {
      expect(upload).toMatchObject({ status: 413, connection: 'close' });
      expect(upload.text).toContain(String(MAX_BODY_BYTES));
    }
  });

  it('a client that never stops sending reads the 413 and is cut off at the bound', async () => {
    const upload = endlessUpload('/v1/checkouts', merchant());
    const ms = await upload.closed;
    expect(upload.answer()).toMatch(/^HTTP\/1\.1 413 /);
    expect(upload.answer()).toContain(`limit of ${MAX_BODY_BYTES} bytes`);
    // Cut off by size, long before the time bound on a loopback connection: what it sent
    // passed the bound, by no more than what the two sockets' buffers can hold.
    expect(ms).toBeLessThan(LINGER_MS);
    expect(upload.sent()).toBeGreaterThan(MAX_BODY_BYTES + LINGER_BYTES);
    expect(upload.sent()).toBeLessThan(MAX_BODY_BYTES + LINGER_BYTES + 16 * 1024 * 1024);
  });

  it('a client that stops sending after the refusal is cut off after LINGER_MS', async () => {
    const upload = endlessUpload('/v1/checkouts', merchant());
    // Stop writing as soon as the answer arrives, but keep the connection open.
    await new Promise<void>((resolve) => upload.socket.once('data', () => resolve()));
    upload.stop();
    const before = Date.now();
    const ms = await upload.closed;
    expect(upload.answer()).toMatch(/^HTTP\/1\.1 413 /);
    expect(ms).toBeGreaterThanOrEqual(LINGER_MS - 500);
    expect(Date.now() - before).toBeLessThan(LINGER_MS + 2000);
  }, 15_000);

  it('close() ends promptly while a refused upload is still lingering, leaving no socket or timer', async () => {
    const count = (kind: string) => process.getActiveResourcesInfo().filter((resource) => resource === kind).length;
    const before = { sockets: count('TCPSocketWrap'), timers: count('Timeout') };
    const upload = endlessUpload('/v1/checkouts', merchant());
    await new Promise<void>((resolve) => upload.socket.once('data', () => resolve()));
    upload.stop();
    const started = Date.now();
    await client.sandbox.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await upload.closed;
    expect(count('TCPSocketWrap')).toBeLessThanOrEqual(before.sockets);
    expect(count('Timeout')).toBeLessThanOrEqual(before.timers);
  });
});
