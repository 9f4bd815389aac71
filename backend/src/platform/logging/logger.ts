import { ConsoleLogger, type LogLevel as NestLogLevel } from '@nestjs/common';
import type { AppConfig, LogLevel } from '../config/config.js';

const levels: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];

/** Nest's logger, as one JSON object per line in production (`LOG_FORMAT=json`, the default). */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat'>): ConsoleLogger {
  const enabled = levels.slice(0, levels.indexOf(config.logLevel) + 1) as NestLogLevel[];
  return new ConsoleLogger({
    json: config.logFormat === 'json',
    colors: config.logFormat === 'pretty',
    logLevels: enabled,
    prefix: 'Treble',
  });
}
