import type { Bindings, ChildLoggerOptions, Level, LevelWithSilent, Logger } from 'pino';

type LogMethod = Logger['info'];

/**
 * Fastify gives every request a child logger carrying the request id. A pino child costs about 2.5 µs (its bindings
 * pass through redaction) — on every request, even when nothing at the levels in force will be written, as at the
 * default production level for a successful request. This logger makes the child only when a line is written.
 * Routes set no log level of their own; if one ever does, the child is made at once so its level applies.
 */
export class DeferredRequestLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {
    if (options.level !== undefined) this.made = parent.child(bindings, options);
  }

  private get logger(): Logger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  // Methods on the prototype, not closures per instance: a request that logs nothing allocates nothing for them.
  private write(level: Level, args: Parameters<LogMethod>): void {
    if ((this.made ?? this.parent).isLevelEnabled(level)) this.logger[level](...args);
  }

  fatal(...args: Parameters<LogMethod>): void {
    this.write('fatal', args);
  }
  error(...args: Parameters<LogMethod>): void {
    this.write('error', args);
  }
  warn(...args: Parameters<LogMethod>): void {
    this.write('warn', args);
  }
  info(...args: Parameters<LogMethod>): void {
    this.write('info', args);
  }
  debug(...args: Parameters<LogMethod>): void {
    this.write('debug', args);
  }
  trace(...args: Parameters<LogMethod>): void {
    this.write('trace', args);
  }
  silent(): void {}

  get level(): LevelWithSilent | string {
    return (this.made ?? this.parent).level;
  }

  set level(level: LevelWithSilent | string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.logger.child(bindings, options);
  }
}
