// The side-effect entry (`@wpwl/lit/define`, and the standalone browser
// build): importing it registers <wpwl-widget>, and re-exports the API.

import { defineWpwlWidget } from './index.js';

defineWpwlWidget();

export * from './index.js';
