/**
 * Structured logs (pino). Never tokens or passwords: the token header is redacted, `token` and
 * `pwd` (the reset password's hash, which /user/resetPwd takes in the query) are stripped from
 * logged URLs, and bodies are never logged.
 */
import pino, { type Logger } from 'pino';
import { TOKEN_HEADER } from '../contract';

/** `?token=abc&x=1` → `?token=[redacted]&x=1` (also access_token and pwd). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:(?:access_)?token|pwd)=)[^&#]*/gi, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
}

export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: [`req.headers.${TOKEN_HEADER}`, 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      serializers: {
        req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    options.destination,
  );
}
