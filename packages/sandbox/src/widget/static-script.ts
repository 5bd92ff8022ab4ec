// The follow-up script the widget injects after it loads (`/v1/static.min.js`),
// standing in for the real widget's second script. Its one job is to show
// that it ran: it marks `wpwl.staticLoaded`, which tests and integrations can
// check, and it does nothing once the widget has been unloaded.

/** Source text of the sandbox `static.min.js`, served byte for byte. */
export const staticScript: string =
  '/*! static.min.js - sandbox stand-in */\n' +
  "(function(){'use strict';var w=window.wpwl;if(w&&w.sandbox===true){w.staticLoaded=true;}})();\n";
