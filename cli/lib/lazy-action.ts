import { action } from '../output.ts';

// Commander hands actions untyped arguments.
type Handler = (...args: any[]) => unknown;
export type HandlerNames<M> = { [K in keyof M]: M[K] extends Handler ? K : never }[keyof M];

/**
 * Actions whose code is loaded when one of them runs, never when the program is built: `--help`
 * and every other command skip the module (and what it imports). `lazy(() => import('./x.ts'))`
 * gives `run('name')`, the action calling that export.
 */
export function lazy<M>(load: () => Promise<M>) {
  return (name: HandlerNames<M>) =>
    action(async (...args: unknown[]) => {
      const module = await load();
      await (module[name] as Handler)(...args);
    });
}
