import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * JSON logs. Nothing secret is ever passed to the logger; the redaction list is a second
 * line of defence should a future change log a whole object by mistake.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'lookout' },
      redact: {
        paths: [
          ...['authorization', 'secret', 'token', 'password', 'secretHeaders'].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
          '*.headers.authorization',
          '*.*.headers.authorization',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
