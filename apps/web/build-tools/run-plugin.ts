import type { Plugin } from 'vite';

/**
 * A build plugin's hooks run over `files` as Vite runs them in a build: `buildStart`, `transform`
 * for each file, then `generateBundle`, with `this.error` throwing and the build's environment
 * named (`ssr` for the server's bundle). Answers each file's code as the plugin left it. For the
 * plugins' tests.
 */
export function runPlugin(plugin: Plugin, files: { id: string; code: string }[], environment = 'ssr'): { id: string; code: string }[] {
  const ctx = {
    environment: { name: environment },
    error(message: string): never {
      throw new Error(message);
    },
  };
  (plugin.buildStart as (this: unknown) => void).call(ctx);
  const out = files.map(({ id, code }) => ({ id, code: (plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null).call(ctx, code, id)?.code ?? code }));
  (plugin.generateBundle as (this: unknown) => void).call(ctx);
  return out;
}
