// Owns the shape of what the doctor saw on a page (the evidence the checks
// read): the document's headers and <meta> policies, every script that ran
// and who added it, the script elements, the widget's loads and its form, and
// the CSP violations the page reported. Collecting it is collect.ts's job;
// judging it, the check-*.ts modules'.

/** Who put a script on the page. */
export interface ScriptAdder {
  /** `page`: the page's markup (the HTML parser); `widget`: the gateway's widget; `script`: another script of the page. */
  kind: 'page' | 'widget' | 'script';
  /** The URL of the script that added it (`inline` for an inline script), when a script did. */
  by?: string;
}

/** One script that ran in the page's main frame. */
export interface ObservedScript {
  /** `external`: loaded from a URL; `inline`: the text of a script element, an event handler or a `javascript:` URL. */
  kind: 'external' | 'inline';
  /** The script's URL (external scripts). */
  url?: string;
  /** The origin the script came from (the page's own for inline scripts). */
  origin: string;
  /** Inline: the CSP hash of its text (`sha256-…`); external: sha384 of the source it ran. */
  hash: string;
  /** The script's text (inline scripts only): what CSP hashes cover. */
  text?: string;
  addedBy: ScriptAdder;
  /** Whether the HTML parser inserted it (markup) rather than a script. */
  parserInserted: boolean;
  /** The element's `nonce`, `integrity` and `crossorigin`, when an element carried the script. */
  nonce?: string;
  integrity?: string;
  crossOrigin?: string;
  /** True for an inline script no `<script>` element holds (an event handler attribute or a `javascript:` URL). */
  handler?: boolean;
  module: boolean;
}

/** One `<script>` element the page had at some point (the page's DOM, not what ran). */
export interface ScriptElement {
  src?: string;
  /** sha256 CSP hash of an inline element's text. */
  hash?: string;
  text?: string;
  nonce: string;
  integrity: string;
  crossOrigin: string | null;
  type: string;
}

/** One load of the widget's paymentWidgets.js. */
export interface WidgetLoad {
  url: string;
  /** `sha384-…` of the bytes the gateway sent, when the response was read. */
  servedHash?: string;
  /** The attributes of the tag that loaded it. */
  integrity?: string;
  crossOrigin?: string | null;
  nonce?: string;
  /** True when the browser refused the script (integrity mismatch, CSP). */
  failed?: string;
}

/** A CSP violation the page reported. */
export interface Violation {
  directive: string;
  blockedUri: string;
  sample: string;
  disposition: string;
}

/** One `form.paymentWidgets` of the page. */
export interface WidgetForm {
  brands: string | null;
  /** The id or description of the other form it sits in, when it does. */
  nestedIn?: string;
}

/** What the doctor saw on the page. */
export interface PageEvidence {
  /** The page asked for. */
  requestedUrl: string;
  /** The URL of the document in the end (after steps and redirects). */
  url: string;
  /** HTTP status of that document. */
  status: number;
  /** Its response headers, names in lower case; repeated headers joined by newlines. */
  headers: Record<string, string>;
  /** The content of each `<meta http-equiv="Content-Security-Policy">`. */
  metaPolicies: string[];
  scripts: ObservedScript[];
  scriptElements: ScriptElement[];
  widgetLoads: WidgetLoad[];
  /** The most paymentWidgets.js tags the page held at one time. */
  maxWidgetTags: number;
  /** `sha384-…` values seen in the page's own responses (documents, fetch, XHR): a checkout prepared with integrity hands one out. */
  hashesInResponses: string[];
  violations: Violation[];
  widget: {
    /** Whether the widget rendered a payment form (`.wpwl-form`) before the timeout. */
    rendered: boolean;
    forms: WidgetForm[];
    /** `wpwlOptions.locale` at the end, when set. */
    locale?: unknown;
    /** Whether `wpwlOptions` was ever set, and whether the widget (`window.wpwl`) already existed the first time. */
    optionsSet: boolean;
    optionsSetAfterScript: boolean;
  };
}
