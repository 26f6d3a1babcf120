import { TestbedError, type ControlCall } from './control.ts';

/**
 * Which of a Testbed handle's worlds still exist as far as that handle has seen. After a `reset()`
 * the id streams start again, so the next world made may get an old world's tenant id: an old
 * world's handle would then add its faults to, read the journal of and restore the new world. A
 * handle told so refuses instead; a whole `restore(name)` of a snapshot this Testbed handle saved
 * brings back the worlds that snapshot held (and drops those made after it), and one of a snapshot
 * saved elsewhere (a global setup's) drops them all: a clear refusal of a world it may have held
 * beats acting on another world. A reset or a restore made elsewhere (another test file's handle,
 * the CLI) is not seen here.
 */
export function createLiveWorlds() {
  let alive = new Set<object>();
  const saved = new Map<string, Set<object>>();
  /**
   * Worlds their own handle deleted since the last reset or whole restore seen here: a refusal says
   * so, rather than blame a reset, and their partner API client still sends (the API answers 401).
   * A reset or a restore starts it again: the id streams start again too, and an old key may then
   * be another world's, which the client must refuse.
   */
  let deletedHere = new WeakSet<object>();

  return {
    /** A world just made: its calls bound to it (BoundWorld). */
    bind(call: ControlCall, label: string): BoundWorld {
      const world = {}; // this world, as the sets of worlds know it
      alive.add(world);
      const refusal = () => {
        if (alive.has(world)) return undefined;
        const message = deletedHere.has(world)
          ? `El mundo ${label} ya no existe: lo borró su delete(). Crea otro con createWorld().`
          : `El mundo ${label} ya no existe: un reset() o un restore() de todo el testbed hecho con este testbed lo reemplazó después de crearlo, y su tenant id puede ser ya el de otro mundo. Crea otro con createWorld().`;
        return new TestbedError(404, { code: 'NOT_FOUND', message });
      };
      const guarded: ControlCall = (method, path, body) => {
        const refused = refusal();
        return refused ? Promise.reject(refused) : call(method, path, body);
      };
      return {
        call: guarded,
        refusal,
        deleted: () => void (alive.delete(world), deletedHere.add(world)),
        wasDeleted: () => !alive.has(world) && deletedHere.has(world),
      };
    },
    /** Every world gone. */
    reset(): void {
      alive = new Set();
      deletedHere = new WeakSet();
    },
    saved(name: string): void {
      saved.set(name, new Set(alive));
    },
    /** The worlds of a snapshot saved here; of one saved elsewhere, none known here. */
    restored(name: string): void {
      alive = new Set(saved.get(name));
      deletedHere = new WeakSet();
    },
  };
}

/** A world's control calls, refused once a reset, a restore or its own deletion seen here took it. */
export interface BoundWorld {
  call: ControlCall;
  /** That refusal (undefined while the world is alive), for the world's other doors (its partner API client). */
  refusal: () => TestbedError | undefined;
  /** Its handle deleted it: its calls say so from now on (a whole restore of a snapshot holding it brings it back). */
  deleted: () => void;
  /** Gone by its handle's delete(), and not brought back since. */
  wasDeleted: () => boolean;
}

export type LiveWorlds = ReturnType<typeof createLiveWorlds>;
