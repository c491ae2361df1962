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

  private writer(level: Level): LogMethod {
    return ((...args: Parameters<LogMethod>) => {
      if ((this.made ?? this.parent).isLevelEnabled(level)) this.logger[level](...args);
    }) as LogMethod;
  }

  readonly fatal = this.writer('fatal');
  readonly error = this.writer('error');
  readonly warn = this.writer('warn');
  readonly info = this.writer('info');
  readonly debug = this.writer('debug');
  readonly trace = this.writer('trace');
  readonly silent: LogMethod = () => {};

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
