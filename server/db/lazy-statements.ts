import type { Db } from './open.ts';

type Statement = ReturnType<Db['prepare']>;
/** The calls as this class forwards them: any parameters, as `prepare`'s callers give them. */
type Calls = Record<'run' | 'get' | 'all' | 'iterate' | 'bind', (...params: unknown[]) => unknown>;
/** The calls that set how a statement answers, replayed on it once it is compiled. */
type Mode = 'pluck' | 'raw' | 'expand' | 'safeIntegers';

/**
 * A statement compiled at its first use. Every store prepares, as it is built, each statement it may
 * ever run (~340 for the API's services), and most are never run by a CLI command or by one test's
 * app: compiling them all was over half of what building an app cost (~11 of ~19 ms), and every CLI
 * command and test app paid it. Once compiled, the calls go straight to the real statement.
 */
class LazyStatement {
  #compile: (() => Statement) | null;
  #modes: [Mode, unknown[]][] = [];
  #real: Statement | null = null;

  constructor(compile: () => Statement) {
    this.#compile = compile;
  }

  /** The real statement, compiled now if it was not; its methods then replace these on the instance. */
  #statement(): Statement {
    if (this.#real) return this.#real;
    const real = this.#compile!();
    for (const [mode, args] of this.#modes) (real[mode] as (...a: unknown[]) => Statement)(...args);
    this.#real = real;
    this.#compile = null;
    const self = this as unknown as Record<string, unknown>;
    for (const name of ['run', 'get', 'all', 'iterate'] as const) self[name] = real[name].bind(real);
    return real;
  }

  /** The compiled statement, its calls typed as this class forwards them. */
  #calls(): Calls {
    return this.#statement() as unknown as Calls;
  }

  #mode(mode: Mode, args: unknown[]): this {
    if (this.#real) (this.#real[mode] as (...a: unknown[]) => Statement)(...args);
    else this.#modes.push([mode, args]);
    return this;
  }

  run(...params: unknown[]) {
    return this.#calls().run(...params);
  }
  get(...params: unknown[]) {
    return this.#calls().get(...params);
  }
  all(...params: unknown[]) {
    return this.#calls().all(...params);
  }
  iterate(...params: unknown[]) {
    return this.#calls().iterate(...params);
  }
  bind(...params: unknown[]) {
    this.#calls().bind(...params);
    return this;
  }
  columns() {
    return this.#statement().columns();
  }
  pluck(toggle?: boolean) {
    return this.#mode('pluck', toggle === undefined ? [] : [toggle]);
  }
  raw(toggle?: boolean) {
    return this.#mode('raw', toggle === undefined ? [] : [toggle]);
  }
  expand(toggle?: boolean) {
    return this.#mode('expand', toggle === undefined ? [] : [toggle]);
  }
  safeIntegers(toggle?: boolean) {
    return this.#mode('safeIntegers', toggle === undefined ? [] : [toggle]);
  }
  get source(): string {
    return this.#statement().source;
  }
  get reader(): boolean {
    return this.#statement().reader;
  }
  get readonly(): boolean {
    return this.#statement().readonly;
  }
  get busy(): boolean {
    return this.#statement().busy;
  }
  get database(): Db {
    return this.#statement().database;
  }
}

/**
 * Every `db.prepare(sql)` of the connection gives a statement compiled at its first use (above). A
 * mistake in its SQL is then thrown there, where the tests that run it meet it.
 */
export function lazyStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => new LazyStatement(() => prepare(sql))) as unknown as Db['prepare'];
}
