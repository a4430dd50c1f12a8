/**
 * Structured logs (pino). Never tokens or passwords: the token header is redacted, the values of
 * secret query parameters (`token`, `access_token`, `handoff`, `pwd`: the reset password's hash,
 * which /user/resetPwd takes in the query) are stripped from logged URLs, and bodies are never
 * logged.
 */
import pino, { type Logger } from 'pino';
import { TOKEN_HEADER } from '../contract';

const SECRET_PARAMS = new Set(['token', 'access_token', 'handoff', 'pwd', 'password', 'oldpwd', 'newpwd']);

/** The name as the query parser reads it (`tok%65n` is `token`); undefined when it cannot be decoded. */
function decodedName(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * `?token=abc&x=1` → `?token=[redacted]&x=1`: every parameter whose decoded name, in any case, is
 * a secret one, and any whose name cannot be decoded, keeps its name and loses its value.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const parts = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const rawName = part.split('=', 1)[0]!;
      const name = decodedName(rawName);
      return name === undefined || SECRET_PARAMS.has(name) ? `${rawName}=[redacted]` : part;
    });
  return `${url.slice(0, start + 1)}${parts.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
}

interface LoggedReply {
  statusCode: number;
}

export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: [`req.headers.${TOKEN_HEADER}`, 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      serializers: {
        req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        res: (res: LoggedReply) => ({ statusCode: res.statusCode }),
      },
    },
    options.destination,
  );
}
