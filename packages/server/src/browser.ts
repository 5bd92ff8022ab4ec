// Owns the module bundlers pick under the "browser" export condition: it only
// throws, so a storefront bundle that imports @wpwl/server fails loudly at
// start-up instead of shipping the gateway access token to shoppers.
import { browserNotSupportedError } from './environment.js';

throw browserNotSupportedError();
