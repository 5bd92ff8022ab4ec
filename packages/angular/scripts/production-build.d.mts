// Types of production-build.mjs, for the TypeScript builds that use it (the end-to-end tests' pages).
import type { BuildOptions, Plugin } from 'esbuild';

/** Links a module's partial declarations with the Angular linker (Babel plugin). */
export function linkAngular(code: string, filename: string): Promise<string>;
/** An esbuild plugin: every module with partial declarations (`ɵɵngDeclare`) under `packagesDir` is linked first. */
export function angularLinkerPlugin(packagesDir?: string): Plugin;
/** What the Angular CLI defines for a production build. */
export const ANGULAR_PRODUCTION_DEFINE: Record<string, string>;
/** size-limit's modifyEsbuildConfig for an entry in this package: linked, production defines, UTF-8 output. */
export function angularProductionBuild(config: BuildOptions): BuildOptions;
