// A misspelt widget option is a compile error in every binding, in the
// checker each framework's users run: TypeScript for @wpwl/core, the React
// component and the Lit element, vue-tsc for a Vue template, Angular's
// compiler with strict templates for an Angular template. Each app is written
// twice, with the option spelt right (it must compile) and misspelt (it must
// not, naming the key), so a checker that reads nothing cannot pass.
import { describe, expect, it } from 'vitest';
import { checkWithAngular, checkWithTypeScript, checkWithVueTsc, type BlockFailure } from './support/readme-compile.js';
import type { Snippet } from './support/readme-snippets.js';

/** The apps, each with `KEY` where the option's name goes. */
const APPS: Record<'core' | 'react' | 'lit' | 'vue' | 'angular', { language: string; code: string }> = {
  core: {
    language: 'ts',
    code: `import { createPaymentWidget } from '@wpwl/core';

createPaymentWidget({
  checkoutId: '8a8294174b7ecb28014b9699220015ca',
  brands: 'VISA MASTER',
  baseUrl: 'https://test.example-gateway.com',
  shopperResultUrl: 'https://shop.example/result',
  options: { KEY: true },
});`,
  },
  react: {
    language: 'tsx',
    code: `import { PaymentWidget } from '@wpwl/react';

export function Checkout() {
  return <PaymentWidget checkoutId="8a8294174b7ecb28014b9699220015ca" options={{ KEY: true }} />;
}`,
  },
  lit: {
    language: 'ts',
    code: `import '@wpwl/lit/define';

const element = document.createElement('wpwl-widget');
element.options = { KEY: true };`,
  },
  vue: {
    language: 'vue',
    code: `<script setup lang="ts">
import { PaymentWidget } from '@wpwl/vue';
</script>

<template>
  <PaymentWidget checkout-id="8a8294174b7ecb28014b9699220015ca" :options="{ KEY: true }" />
</template>`,
  },
  angular: {
    language: 'ts',
    code: `import { Component } from '@angular/core';
import { PaymentWidgetComponent } from '@wpwl/angular';

@Component({
  selector: 'app-checkout',
  imports: [PaymentWidgetComponent],
  template: \`<wpwl-payment-widget checkoutId="8a8294174b7ecb28014b9699220015ca" [options]="{ KEY: true }" />\`,
})
export class Checkout {}`,
  },
};

/** The app of `binding` with the option named `key`, as a block the checkers take. */
function app(binding: keyof typeof APPS, key: string, line: number): Snippet {
  const { language, code } = APPS[binding];
  return {
    file: `${binding}-${key}.md`,
    line,
    language,
    code: code.replace('KEY', key),
    mark: 'excerpt',
    declarations: '',
    declarationsLine: line,
  };
}

/** Compiles each binding's app with `brandDetection` and with `brandDetecton`; what each checker said of each. */
async function compileBoth(binding: keyof typeof APPS, check: (blocks: Snippet[]) => BlockFailure[] | Promise<BlockFailure[]>) {
  const failures = await check([app(binding, 'brandDetection', 1), app(binding, 'brandDetecton', 1)]);
  const of = (key: string) =>
    failures.filter((failure) => failure.block.startsWith(`${binding}-${key}.md`)).map((failure) => failure.message);
  return { right: of('brandDetection'), misspelt: of('brandDetecton') };
}

const COMPILE_TIMEOUT = 120_000;

describe('a misspelt widget option', () => {
  for (const binding of ['core', 'react', 'lit'] as const) {
    it(`is a TypeScript error with ${binding === 'core' ? '@wpwl/core' : `@wpwl/${binding}`}`, async () => {
      const { right, misspelt } = await compileBoth(binding, checkWithTypeScript);
      expect(right).toEqual([]);
      expect(misspelt).toEqual([expect.stringMatching(/^TS(2353|2561): .*'brandDetecton' does not exist/)]);
    });
  }

  it('is a vue-tsc error in a Vue template', { timeout: COMPILE_TIMEOUT }, async () => {
    const { right, misspelt } = await compileBoth('vue', checkWithVueTsc);
    expect(right).toEqual([]);
    expect(misspelt).toEqual([expect.stringMatching(/'"?brandDetecton"?' does not exist/)]);
  });

  it("is an error of Angular's compiler with strict templates", { timeout: COMPILE_TIMEOUT }, async () => {
    const { right, misspelt } = await compileBoth('angular', checkWithAngular);
    expect(right).toEqual([]);
    expect(misspelt).toEqual([expect.stringMatching(/'"?brandDetecton"?' does not exist/)]);
  });
});
