// Owns keeping the widget's files off the network while a fake widget is
// installed, in any DOM a test runs (happy-dom, jsdom; a real browser too).
// A `paymentWidgets.js` tag gets a script type no DOM runs or fetches
// (`text/x-wpwl-fake`) the moment its URL is set, before it can reach the
// document: jsdom loading resources would download it, happy-dom would
// download it or report it as failed at once. The tag stays in the page
// as @wpwl/core made it otherwise, and its `load` and `error` events come only
// from the fake widget, when the test asks for them.

/** The script type that marks a widget tag the fake answers. */
export const INERT_SCRIPT_TYPE = 'text/x-wpwl-fake';

/** A URL of the widget's script, `…/paymentWidgets.js?checkoutId=…`. */
export function isWidgetScriptUrl(value: unknown): boolean {
  return typeof value === 'string' && /\/paymentWidgets\.js(?:[?#]|$)/.test(value);
}

/** Widget script tags intercepted until `release()`. */
export interface Interception {
  release(): void;
}

type HappyDomSettings = { enableJavaScriptEvaluation?: boolean; disableJavaScriptFileLoading?: boolean };

/**
 * Marks every widget script tag inert as its `src` is set (property or
 * attribute) and tells `onTag` (with the URL set). happy-dom with JavaScript evaluation switched
 * on would also download a `<link rel="preload" as="script">` of the widget:
 * while installed, happy-dom loads no JavaScript files at all.
 */
export function interceptWidgetScripts(onTag: (script: HTMLScriptElement, url: string) => void): Interception {
  const view = (document.defaultView ?? globalThis) as typeof globalThis & { happyDOM?: { settings?: HappyDomSettings } };
  const proto = view.HTMLScriptElement.prototype;
  const mark = (script: HTMLScriptElement, url: unknown) => {
    if (!isWidgetScriptUrl(url) || script.getAttribute('type') === INERT_SCRIPT_TYPE) return;
    script.setAttribute('type', INERT_SCRIPT_TYPE);
    onTag(script, String(url));
  };

  const ownSrc = Object.getOwnPropertyDescriptor(proto, 'src');
  const src = ownSrc ?? findDescriptor(proto, 'src');
  Object.defineProperty(proto, 'src', {
    configurable: true,
    enumerable: src?.enumerable ?? true,
    get(this: HTMLScriptElement) {
      return src?.get ? src.get.call(this) : (this.getAttribute('src') ?? '');
    },
    set(this: HTMLScriptElement, value: string) {
      mark(this, value);
      if (src?.set) src.set.call(this, value);
      else this.setAttribute('src', value);
    },
  });
  const ownSetAttribute = Object.getOwnPropertyDescriptor(proto, 'setAttribute');
  const setAttribute = proto.setAttribute;
  Object.defineProperty(proto, 'setAttribute', {
    configurable: true,
    writable: true,
    value(this: HTMLScriptElement, name: string, value: string) {
      if (String(name).toLowerCase() === 'src') mark(this, value);
      return setAttribute.call(this, name, value);
    },
  });

  const settings = view.happyDOM?.settings;
  const switchedOff = !!settings && settings.enableJavaScriptEvaluation === true && !settings.disableJavaScriptFileLoading;
  if (switchedOff) settings.disableJavaScriptFileLoading = true;

  return {
    release() {
      restore(proto, 'src', ownSrc);
      restore(proto, 'setAttribute', ownSetAttribute);
      if (switchedOff) settings.disableJavaScriptFileLoading = false;
    },
  };
}

function findDescriptor(object: object | null, key: string): PropertyDescriptor | undefined {
  for (let current = object; current; current = Object.getPrototypeOf(current) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(current, key);
    if (descriptor) return descriptor;
  }
  return undefined;
}

function restore(object: object, key: string, own: PropertyDescriptor | undefined): void {
  if (own) Object.defineProperty(object, key, own);
  else delete (object as Record<string, unknown>)[key];
}
