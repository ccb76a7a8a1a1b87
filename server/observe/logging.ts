import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Pino's levels, and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How the server logs: JSON lines at `level`, to standard output unless a `stream` is given (tests). */
export interface LogSettings {
  level: LogLevel;
  stream?: { write(line: string): void };
}

/**
 * The logging the environment asks for: LOG_LEVEL names the level (and turns logging on); LOG=1
 * alone logs at `info`, as it always did; neither: no request logs. A level that is not one of
 * pino's stops the start with one line.
 */
export function logSettingsFromEnv(env: Record<string, string | undefined>): LogSettings | undefined {
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  if (level) {
    if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${env.LOG_LEVEL}"`);
    return { level: level as LogLevel };
  }
  return env.LOG === '1' ? { level: 'info' } : undefined;
}

/**
 * What never reaches a log line: credentials in headers (the session header and cookie, a bearer
 * token, cookies set), passwords, tokens and secret keys wherever a caller logs a body or an object
 * holding them (one level deep, and at the top), and a failed statement's parameters (a driver's error). Personal data is kept out by what is
 * logged: ids, never names, addresses or e-mail (docs/operations.md, Logs).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["portico-auth"]',
  'res.headers["set-cookie"]',
  ...['password', 'newPassword', 'oldPassword', 'token', 'accessToken', 'refreshToken', 'secret', 'secretKey', 'privateKey', 'body', 'headers', 'parameters'].flatMap((key) => [key, `*.${key}`]),
];

/** A URL's path: its query (search words, a link's token) is left out of the log. */
const pathOf = (url: string): string => url.split('?')[0] ?? url;

/** The request as a log line names it: method, path, the route's pattern and the client's address. */
function requestLine(req: FastifyRequest): Record<string, unknown> {
  return { method: req.method, url: pathOf(req.url), route: req.routeOptions?.url, remoteAddress: req.ip };
}

/** Fastify's `logger` option for the settings: pino JSON lines, redacted, or no logging (false). */
export function loggerOptions(settings: LogSettings | boolean | undefined): FastifyServerOptions['logger'] {
  if (!settings) return false;
  const { level, stream } = settings === true ? { level: 'info' as const, stream: undefined } : settings;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: requestLine, res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }) },
  };
}

/** The request's log lines (its completion too) name the signed-in user and company by id. */
export function logAsUser(req: FastifyRequest, reply: FastifyReply | undefined, user: { id: string; companyId: string }): void {
  const log: FastifyBaseLogger = req.log.child({ userId: user.id, companyId: user.companyId });
  req.log = log;
  if (reply) reply.log = log;
}
