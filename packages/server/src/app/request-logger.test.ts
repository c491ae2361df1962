import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { DeferredRequestLogger } from './request-logger.js';

function capture(level: pino.LevelWithSilent) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe('DeferredRequestLogger', () => {
  it('makes no child for lines below the level, and writes the rest with the request bindings', () => {
    const { logger, lines } = capture('warn');
    const childOf = vi.spyOn(logger, 'child');
    const requestLogger = new DeferredRequestLogger(logger, { reqId: 'r-1' }, {});
    requestLogger.info({ url: '/token' }, 'incoming request');
    requestLogger.debug('detail');
    expect(childOf).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    requestLogger.error({ code: 'x' }, 'went wrong');
    requestLogger.warn('careful');
    expect(childOf).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.msg, line.reqId, line.level])).toEqual([
      ['went wrong', 'r-1', 50],
      ['careful', 'r-1', 40],
    ]);
  });

  it('follows the parent level, and a per-route level makes the child at once', () => {
    const { logger, lines } = capture('info');
    new DeferredRequestLogger(logger, { reqId: 'r-2' }, {}).info('request completed');
    expect(lines[0]).toMatchObject({ msg: 'request completed', reqId: 'r-2' });
    const quiet = new DeferredRequestLogger(logger, { reqId: 'r-3' }, { level: 'error' });
    quiet.info('not written');
    quiet.error('written');
    expect(quiet.level).toBe('error');
    expect(lines.map((line) => line.reqId)).toEqual(['r-2', 'r-3']);
  });
});
