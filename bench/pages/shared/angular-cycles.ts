// The Angular cycle pages' driver: one zoneless app whose only content is the
// widget (or nothing), re-pointed through a signal, with the runner's steps
// exposed. The binding's page and the hand-written control differ only in the
// component they bootstrap; each reads `checkoutId` for the checkout shown.
import { ApplicationRef, provideZonelessChangeDetection, signal, type Type } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { exposeBench } from './cycles.js';

/** The checkout the page shows; undefined while no widget is shown. */
export const checkoutId = signal<string | undefined>(undefined);

/** Bootstraps `page` on its element and exposes the cycle steps. */
export async function exposeAngularCycles(page: Type<unknown>): Promise<void> {
  const app: ApplicationRef = await bootstrapApplication(page, { providers: [provideZonelessChangeDetection()] });
  exposeBench({
    mount: (id) => checkoutId.set(id),
    change: (id) => checkoutId.set(id),
    unmount: () => {
      checkoutId.set(undefined);
      // Resolves once Angular has rendered the removal.
      return app.whenStable();
    },
  });
}
