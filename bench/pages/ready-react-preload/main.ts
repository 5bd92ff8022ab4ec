// The React time-to-ready page as it is, on a page that preloads the widget script.
import '../ready-react/main.js';
