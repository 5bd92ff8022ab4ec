// Which Angular the suite runs against: the workspace's (21) in `pnpm test`,
// the harness's (20) under vitest.angular20.config.ts, which sets
// WPWL_ANGULAR_VERSION. A wrong alias there would quietly test Angular 21 twice.
import '@angular/compiler';
import { expect, it } from 'vitest';
import { VERSION } from '@angular/core';
import { VERSION as COMMON_VERSION } from '@angular/common';

it('runs against the Angular it is meant to', () => {
  const major = process.env.WPWL_ANGULAR_VERSION ?? '21';
  expect(VERSION.major).toBe(major);
  expect(COMMON_VERSION.major).toBe(major);
});
