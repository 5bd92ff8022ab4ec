// Owns starting Chromium for a check: which binary (an explicit path,
// CHROMIUM_PATH, else /usr/bin/chromium) and the flags of a quiet headless
// browser that talks only to the page under test and what it loads.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { DoctorError } from './errors.js';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium binary: `explicit`, else `CHROMIUM_PATH`, else `/usr/bin/chromium`. */
export function chromiumPath(explicit?: string): string {
  return explicit || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * Starts headless Chromium.
 *
 * @throws DoctorError `CHROMIUM_NOT_FOUND` naming the path and how to give another.
 */
export async function launchChromium(explicit?: string): Promise<Browser> {
  const executablePath = chromiumPath(explicit);
  if (!existsSync(executablePath)) {
    throw new DoctorError(
      'CHROMIUM_NOT_FOUND',
      `Chromium not found at ${executablePath}: install it, or pass --chromium <path> or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath, args: ARGS });
}
