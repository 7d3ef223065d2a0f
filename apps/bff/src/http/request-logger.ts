import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/** The app's logger is pino, which says whether a level is written. */
type LevelAwareLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes pino's child (the request id bound) only when something is
 * written at a level the app logs. Fastify makes a child per request, and pino's `child()`
 * serialises the bindings and runs the redaction over them: the largest single cost of a
 * request in production, where `LOG_LEVEL=warn` writes nothing for a request that goes well.
 * Every line that is written goes through the real child, so it carries the same `reqId`,
 * redaction and serializers as before; the level is the parent's at the moment of the call.
 */
class DeferredChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAwareLogger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.child().level = level;
  }

  /** The real child; given bindings, a child of it (as pino's `child`). */
  child(bindings?: Bindings, options?: ChildOptions): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return bindings === undefined ? this.#child : this.#child.child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  private write(level: LevelName, args: unknown[]): void {
    if (this.#child === undefined && !this.parent.isLevelEnabled(level)) return;
    const child = this.child();
    // pino types each level with overloads; the arguments are passed on exactly as given.
    Reflect.apply(child[level], child, args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a {@link DeferredChildLogger} for every request. A route
 * with its own log level or serializers, or a logger that cannot say which levels it writes,
 * gets the child at once, as Fastify would make it.
 */
export const deferredChildLogger: ChildLoggerFactory = (logger, bindings, options) => {
  const levelAware = logger as Partial<LevelAwareLogger>;
  if (
    options.level !== undefined ||
    options.serializers !== undefined ||
    typeof levelAware.isLevelEnabled !== 'function'
  ) {
    return logger.child(bindings, options);
  }
  return new DeferredChildLogger(logger as LevelAwareLogger, bindings);
};
