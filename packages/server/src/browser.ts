// Owns the module bundlers pick under the "browser" export condition. A
// storefront bundle that imports @wpwl/server must not build: the package
// holds the gateway access token, which must never be shipped to shoppers. The
// import below names a module that does not exist, so the bundler stops and
// says why in the path it cannot find (Vite: "failed to resolve import",
// Next.js: "Module not found"). Where something runs it anyway, it throws.
// @ts-expect-error -- missing on purpose: see above.
import './@wpwl-server-runs-only-on-a-server--the-gateway-access-token-must-never-reach-a-browser.js';
import { browserNotSupportedError } from './environment.js';

throw browserNotSupportedError();
