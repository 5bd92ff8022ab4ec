// Owns what every binding's test page shares: a host element per widget (on
// its own, or inside a page <form> for the nested-form case), the markers the
// tests read (`data-wpwl-status`, `data-wpwl-error-code` on the host), a log
// of the callbacks each widget fired, and `window.harness`, through which the
// tests mount, update and unmount widgets. Each binding supplies only how it
// mounts and re-renders.

/** A widget the test asks for: an id for its host, its config, and whether it sits inside a page form. */
export interface WidgetSpec {
  id: string;
  config: Record<string, unknown>;
  nested?: boolean;
  /** Callbacks that throw after they logged their event: the page's own code failing. */
  throwing?: Array<keyof Callbacks>;
}

/** One callback a widget fired. */
export interface HarnessEvent {
  id: string;
  type: 'ready' | 'error' | 'expired' | 'status';
  status?: string;
  code?: string;
  message?: string;
}

/** The callbacks a binding wires to its widget's events. */
export interface Callbacks {
  onReady(): void;
  onError(error: { code: string; message: string }): void;
  onExpired(): void;
  onStatusChange(snapshot: { status: string }): void;
}

/** What a binding's page supplies. */
export interface BindingAdapter {
  /** Mounts a widget with `config` into `el`; returns how to read its status and how to unmount it. */
  mount(
    el: HTMLElement,
    config: Record<string, unknown>,
    callbacks: Callbacks,
  ): { status(): string; unmount(): void; update(config: Record<string, unknown>): void; pay(): boolean };
}

export function installHarness(name: string, adapter: BindingAdapter): void {
  const hosts = document.getElementById('hosts')!;
  const events: HarnessEvent[] = [];
  const mounted = new Map<
    string,
    { host: HTMLElement; status(): string; unmount(): void; update(config: Record<string, unknown>): void; pay(): boolean }
  >();

  const harness = {
    binding: name,
    events,
    mount(spec: WidgetSpec) {
      const host = document.createElement('section');
      host.dataset.host = spec.id;
      let el: HTMLElement = host;
      if (spec.nested) {
        const form = host.appendChild(document.createElement('form'));
        form.id = 'order-form';
        form.action = '/order';
        el = form;
      }
      const slot = el.appendChild(document.createElement('div'));
      const message = host.appendChild(document.createElement('p'));
      message.className = 'error';
      hosts.append(host);
      const callbacks: Callbacks = {
        onReady: () => events.push({ id: spec.id, type: 'ready' }),
        onError: (error) => {
          events.push({ id: spec.id, type: 'error', code: error.code, message: error.message });
          host.dataset.wpwlErrorCode = error.code;
          message.textContent = error.message;
        },
        onExpired: () => events.push({ id: spec.id, type: 'expired' }),
        onStatusChange: (snapshot) => events.push({ id: spec.id, type: 'status', status: snapshot.status }),
      };
      for (const name of spec.throwing ?? []) {
        const log = callbacks[name] as (...args: never[]) => void;
        callbacks[name] = ((...args: never[]) => {
          log(...args);
          throw new Error(`${name} failed in the page's own code`);
        }) as never;
      }
      mounted.set(spec.id, { host, ...adapter.mount(slot, spec.config, callbacks) });
    },
    update(id: string, config: Record<string, unknown>) {
      mounted.get(id)?.update(config);
    },
    status(id: string): string {
      return mounted.get(id)?.status() ?? 'absent';
    },
    /** What the page's own "Place order" button does: the binding's pay(). */
    pay(id: string): boolean {
      return mounted.get(id)?.pay() ?? false;
    },
    unmount(id: string) {
      const entry = mounted.get(id);
      entry?.unmount();
      entry?.host.remove();
      mounted.delete(id);
    },
  };
  (window as unknown as { harness: typeof harness }).harness = harness;
  document.documentElement.dataset.harness = name;
}
