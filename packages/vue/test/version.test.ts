// Which Vue the suite runs against: the workspace's (3.5) by default, 3.3
// under vitest.vue33.config.ts. Guards the 3.3 run against silently testing 3.5.
import { expect, it } from 'vitest';
import { version } from 'vue';
import { VueWrapper } from '@vue/test-utils';

it('runs against the intended Vue, one copy shared with the test utils', () => {
  expect(version.startsWith(`${process.env.WPWL_VUE_VERSION ?? '3.5'}.`)).toBe(true);
  expect(VueWrapper).toBeTypeOf('function');
});
