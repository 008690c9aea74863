import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The server's logger. Logs are read by more people than the secrets they could carry, so
 * every line goes through the same scrubbing (docs/reliability.md, "Logs carry no secrets"):
 * bearer tokens in paths, secret query parameters, secret fields of logged objects, and the
 * bound parameters a failed database query echoes in its error message.
 */

export const REDACTED = '[redacted]';

/** Path segments that are bearer secrets themselves (the share-my-date link). */
const SECRET_PATH_PATTERNS: RegExp[] = [/(\/api\/shared-dates\/|\/shared-date\/)[^/?#\s"']+/g];

/**
 * Query parameters that carry secrets: share and unsubscribe tokens, provider sign-in codes and
 * states, and the signatures of signed upload URLs (local and S3).
 */
const SECRET_QUERY_PARAMETER =
  /([?&](?:token|code|state|signature|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#\s"']*/gi;

/** A failed query's message lists its bound values ("params: …"): session ids, codes, hashes. */
const QUERY_PARAMETERS = /(\bparams: )[^\n]*/g;

/**
 * Keys of logged objects (one or two levels deep) whose values are never written. Not `code`:
 * errors carry their (harmless, needed) error code under it; sign-in codes are never logged as objects.
 */
const SECRET_KEYS = [
  'password',
  'otp',
  'devOtp',
  'token',
  'sessionId',
  'verificationToken',
  'sid',
  'uploadUrl',
  'signature',
  'passwordHash',
  'secret',
];

const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
];

/** Replaces every secret this module knows of in a string (a URL, a message, a stack). */
export function scrubSecrets(text: string): string {
  let scrubbed = text;
  for (const pattern of SECRET_PATH_PATTERNS) scrubbed = scrubbed.replace(pattern, `$1${REDACTED}`);
  return scrubbed.replace(SECRET_QUERY_PARAMETER, `$1${REDACTED}`).replace(QUERY_PARAMETERS, `$1${REDACTED}`);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL scrubbed. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : scrubSecrets(req.url),
    host: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

function serializeError(err: unknown) {
  const serialized = pino.stdSerializers.err(err as Error) as Record<string, unknown>;
  for (const field of ['message', 'stack'] as const) {
    const value = serialized[field];
    if (typeof value === 'string') serialized[field] = scrubSecrets(value);
  }
  return serialized;
}

export function createLogger(options: { level: string; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { req: serializeRequest, err: serializeError },
      hooks: {
        // Messages are scrubbed too: a URL or an error text interpolated into one stays safe.
        logMethod(args, method) {
          const scrubbed = args.map((arg: unknown) => (typeof arg === 'string' ? scrubSecrets(arg) : arg));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    options.destination,
  );
}
