// Bundles the stand-in widget (src/widget/stand-in, TypeScript modules) into
// the one script the sandbox serves as paymentWidgets.js, and offers that text
// as the default export of the module `virtual:wpwl-stand-in`: a rollup plugin,
// so the package build and Vitest (which runs the sources) use the same bundle.
//
// The served text must run in any browser a merchant's shoppers use, under a
// strict CSP, and hash the same on every build: an ES2019 IIFE in strict mode,
// ASCII only, not minified (merchants read it).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const STAND_IN_MODULE = 'virtual:wpwl-stand-in';

const ENTRY = fileURLToPath(new URL('../src/widget/stand-in/main.ts', import.meta.url));
// The locale list comes from @wpwl/core's sources, the same in a fresh clone as after a build.
const CORE = fileURLToPath(new URL('../../core/src/index.ts', import.meta.url));

/** The served text of paymentWidgets.js, with the files it was built from. */
export async function bundleStandIn() {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    charset: 'ascii',
    legalComments: 'none',
    alias: { '@wpwl/core': CORE },
    banner: { js: "/*! paymentWidgets.js - sandbox stand-in for the gateway's payment widget */" },
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  return { text: output.text, inputs: Object.keys(result.metafile.inputs) };
}

/** The rollup / Vite plugin: `import source from 'virtual:wpwl-stand-in'`. */
export function standInScript() {
  const resolved = `\0${STAND_IN_MODULE}`;
  return {
    name: 'wpwl-stand-in',
    resolveId(id) {
      return id === STAND_IN_MODULE ? resolved : null;
    },
    async load(id) {
      if (id !== resolved) return null;
      const { text, inputs } = await bundleStandIn();
      for (const input of inputs) this.addWatchFile(fileURLToPath(new URL(input, `file://${process.cwd()}/`)));
      return `export default ${JSON.stringify(text)};\n`;
    },
  };
}
