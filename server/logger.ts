/**
 * Structured logs (pino). Never tokens, passwords or personal data: the token header is redacted,
 * the values of secret query parameters (`token`, `access_token`, `handoff`, `pwd`: the reset
 * password's hash, which /user/resetPwd takes in the query) and of every parameter named like a
 * field a definition masks or looks up (`telephone`, `email`, …: resources/define.ts
 * personalDataParams) are stripped from logged URLs, and bodies are never logged.
 */
import pino, { type Logger } from 'pino';
import { TOKEN_HEADER } from '../contract';
import { personalDataParams, type ResourceDefinition } from '../resources/define';
import { resourceDefinitions } from '../resources/registry';

const SECRET_PARAMS = ['token', 'access_token', 'handoff', 'pwd', 'password', 'oldpwd', 'newpwd'];

/** The parameter names whose values never reach the log: the secret ones and those of personal data, in lower case. */
export function redactedParams(definitions: readonly Pick<ResourceDefinition, 'privacy'>[] = resourceDefinitions): ReadonlySet<string> {
  return new Set([...SECRET_PARAMS, ...[...personalDataParams(definitions)].map((name) => name.toLowerCase())]);
}

const REDACTED_PARAMS = redactedParams();

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
 * one of `redacted`, and any whose name cannot be decoded, keeps its name and loses its value.
 */
export function redactUrl(url: string, redacted: ReadonlySet<string> = REDACTED_PARAMS): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const parts = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const rawName = part.split('=', 1)[0]!;
      const name = decodedName(rawName);
      return name === undefined || redacted.has(name) ? `${rawName}=[redacted]` : part;
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
