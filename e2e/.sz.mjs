import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const what = process.argv[2] ?? '{ createPaymentWidget }';
const r = await build({
  stdin: { contents: `export ${what} from '/work/main/packages/core/dist/index.js'`, resolveDir: '/work/main' },
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
  metafile: true,
  treeShaking: true,
});
const text = r.outputFiles[0].text;
console.log('min', text.length, 'gz', gzipSync(text).length);
if (process.argv[3]) console.log(text);
