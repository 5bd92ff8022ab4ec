import { describe, expect, it } from 'vitest';
import { parseCli, USAGE } from '../src/cli-options.js';

const KEY = 'ab'.repeat(32);

describe('wpwl-sandbox command line', () => {
  it('takes --webhook-url with --webhook-key', () => {
    const command = parseCli(['--port', '0', '--webhook-url', 'http://127.0.0.1:3000/api/webhooks', '--webhook-key', KEY]);
    expect(command).toEqual({
      kind: 'start',
      options: {
        port: 0,
        host: '127.0.0.1',
        log: true,
        strict: false,
        webhooks: [{ url: 'http://127.0.0.1:3000/api/webhooks', key: KEY }],
      },
    });
  });

  it('generates a 32-byte key when --webhook-url comes without one', () => {
    const command = parseCli(['--webhook-url', 'http://localhost:3000/api/webhooks']);
    if (command.kind !== 'start') throw new Error(JSON.stringify(command));
    expect(command.generatedWebhookKey).toMatch(/^[0-9a-f]{64}$/);
    expect(command.options.webhooks).toEqual([{ url: 'http://localhost:3000/api/webhooks', key: command.generatedWebhookKey }]);
  });

  it('sends no webhooks without --webhook-url', () => {
    const command = parseCli(['--quiet']);
    expect(command).toMatchObject({ kind: 'start', options: { log: false } });
    expect(command.kind === 'start' ? command.options.webhooks : 'not started').toBeUndefined();
  });

  it.each([
    [['--webhook-key', KEY], '--webhook-key needs --webhook-url'],
    [['--webhook-url', 'http://127.0.0.1:3000/h', '--webhook-key', 'abc'], '--webhook-key must be 64 hexadecimal characters'],
    [['--webhook-url', 'https://shop.example.com/h'], '--webhook-url must be on a loopback host'],
    [['--webhook-url', 'not a url'], '--webhook-url must be an absolute http(s) URL'],
    [['--port', '70000'], '--port must be a whole number'],
    [['--nope'], "Unknown option '--nope'"],
    [['--uncertain-settle-ms', '2.5'], '--uncertain-settle-ms must be a whole number of ms, 0 or more, got "2.5"'],
    [['--uncertain-settle-ms=-1'], '--uncertain-settle-ms must be a whole number of ms'],
  ])('refuses %j', (args, message) => {
    const command = parseCli(args);
    expect(command.kind).toBe('error');
    expect(command.kind === 'error' && command.message).toContain(message);
  });

  it('takes --uncertain-settle-ms as the uncertainSettleMs option', () => {
    expect(parseCli(['--uncertain-settle-ms', '1500'])).toMatchObject({ kind: 'start', options: { uncertainSettleMs: 1500 } });
    const plain = parseCli([]);
    expect(plain.kind === 'start' && 'uncertainSettleMs' in plain.options).toBe(false);
    expect(USAGE).toContain('--uncertain-settle-ms');
  });

  it('takes --settlement-dir and --settlement-delay-days as the settlementFiles option', () => {
    expect(parseCli(['--settlement-dir', 'settlement', '--settlement-delay-days', '0'])).toMatchObject({
      kind: 'start',
      options: { settlementFiles: { dir: 'settlement', delayDays: 0 } },
    });
    const plain = parseCli(['--settlement-dir', '/var/tmp/files']);
    expect(plain.kind === 'start' && plain.options.settlementFiles).toEqual({ dir: '/var/tmp/files' });
    expect(parseCli([])).not.toHaveProperty('options.settlementFiles');
    for (const [args, message] of [
      [['--settlement-delay-days', '2'], '--settlement-delay-days needs --settlement-dir'],
      [
        ['--settlement-dir', 'x', '--settlement-delay-days', '1.5'],
        '--settlement-delay-days must be a whole number of days from 0 to 366, got "1.5"',
      ],
      [
        ['--settlement-dir', 'x', '--settlement-delay-days', '400'],
        '--settlement-delay-days must be a whole number of days from 0 to 366, got "400"',
      ],
      [['--settlement-dir', ''], '--settlement-dir must be a folder path'],
    ] as const) {
      expect(parseCli([...args])).toEqual({ kind: 'error', message });
    }
    expect(USAGE).toContain('--settlement-dir');
    expect(USAGE).toContain('--settlement-delay-days');
  });

  it('documents the webhook flags', () => {
    expect(parseCli(['--help'])).toEqual({ kind: 'help' });
    expect(USAGE).toContain('--webhook-url');
    expect(USAGE).toContain('--webhook-key');
  });
});
