import { createHash, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { COGNITO_INVITATION, invitationText } from '@shared/config/cognito-invitation';
import { ulid } from 'ulid';

/**
 * A pass-through in front of cognito-local that closes the gaps of the emulator we depend on. Every
 * other request goes through untouched; nothing here exists in AWS, where Cognito answers itself.
 *
 * 1. Token refresh: Amplify v6 refreshes tokens with `GetTokensFromRefreshToken`, which cognito-local
 *    5.3 does not implement (it answers 500, so 'Continue' in the session dialog would log the user
 *    out). That call is the same operation as `InitiateAuth` with `REFRESH_TOKEN_AUTH`, which
 *    cognito-local does implement, so the proxy rewrites it.
 * 2. Invitations (issue 20 §3): Cognito e-mails an invited user (AdminCreateUser) a temporary password;
 *    cognito-local only prints a 6-character one to its log. The proxy makes a temporary password as
 *    the AWS pool's policy would (12+ characters of four kinds), passes it to cognito-local and writes
 *    the invitation, in the text the AWS pool uses (shared/config/cognito-invitation.ts), into the
 *    local outbox.
 * 3. First sign-in with the temporary password: cognito-local answers NEW_PASSWORD_REQUIRED to any
 *    password, right or wrong, so anyone who knew a user name could set its password. Cognito checks
 *    the temporary password first and answers NotAuthorizedException 'Incorrect username or
 *    password.' The proxy remembers the hashes of the temporary passwords it made (in the data folder,
 *    so a restart keeps them) and answers as Cognito does until the user has chosen a password.
 *
 * Not closed, because nothing depends on it: a disabled user can still sign in to cognito-local.
 * Whether someone may use the API is decided by our users table (functions/core/users/authenticate.ts)
 * in both worlds, never by Cognito's enabled flag (docs/local-cloud.md).
 */
const TARGET_HEADER = 'x-amz-target';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

interface RefreshRequest {
  RefreshToken?: string;
  ClientId?: string;
  ClientSecret?: string;
}

export function rewriteRefreshRequest(body: RefreshRequest): Record<string, unknown> {
  return {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: body.ClientId,
    AuthParameters: {
      REFRESH_TOKEN: body.RefreshToken,
      ...(body.ClientSecret ? { SECRET_HASH: body.ClientSecret } : {}),
    },
  };
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#$%*+-=?@^_';

/** A temporary password the AWS pool's policy accepts: 14 characters, each kind at least once. */
export function temporaryPassword(): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set.charAt(randomInt(set.length));
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < 14) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

const hashOf = (password: string) => createHash('sha256').update(password, 'utf8').digest('hex');
/** The pool signs in case-insensitively (signInCaseSensitive: false in the CDK pool). */
const userKey = (username: string) => username.toLowerCase();

/**
 * The temporary passwords the proxy issued and that are not yet replaced, as SHA-256 hashes by user
 * name (one JSON file; cognito-local has one user pool here, so the name alone identifies the user).
 */
export class TemporaryPasswords {
  private readonly hashes: Record<string, string>;
  constructor(private readonly file: string | undefined) {
    this.hashes =
      file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  }
  remember(username: string, password: string): void {
    this.hashes[userKey(username)] = hashOf(password);
    this.save();
  }
  /** undefined when the user has no pending temporary password; else whether `password` is it. */
  matches(username: string, password: string): boolean | undefined {
    const stored = this.hashes[userKey(username)];
    return stored === undefined ? undefined : stored === hashOf(password);
  }
  forget(username: string): void {
    if (delete this.hashes[userKey(username)]) this.save();
  }
  private save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.hashes));
    renameSync(tmp, this.file);
  }
}

type Json = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

interface AdminCreateUserRequest {
  Username?: string;
  TemporaryPassword?: string;
  MessageAction?: string;
  DesiredDeliveryMediums?: string[];
  UserAttributes?: { Name: string; Value?: string }[];
}

/**
 * Whether the proxy sends this AdminCreateUser's invitation: Cognito would e-mail it (no SUPPRESS,
 * EMAIL asked for, an e-mail attribute) and no password was given by the caller (the seed gives its
 * own and suppresses the message).
 */
export function invitationOf(body: AdminCreateUserRequest): { username: string; email: string } | undefined {
  const email = body.UserAttributes?.find((a) => a.Name === 'email')?.Value;
  if (!body.Username || !email || body.TemporaryPassword || body.MessageAction === 'SUPPRESS')
    return undefined;
  if (!(body.DesiredDeliveryMediums ?? []).includes('EMAIL')) return undefined;
  return { username: body.Username, email };
}

/** Cognito's answer to a wrong password (what AWS sends; cognito-local does not for a new user). */
export const WRONG_PASSWORD_ANSWER = {
  status: 400,
  body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
} as const;

/**
 * What the proxy does with one request: `forward` (possibly rewritten), or `answer` itself. `after`
 * runs once cognito-local accepted the forwarded request.
 */
export type Decision =
  | { kind: 'forward'; target: string; body: Json; after?: () => void }
  | { kind: 'answer'; status: number; body: Json };

export function decide(
  operation: string,
  body: Json,
  passwords: TemporaryPasswords,
  deliver: (mail: { to: string; username: string; password: string }) => void,
): Decision {
  if (operation === 'GetTokensFromRefreshToken')
    return { kind: 'forward', target: 'InitiateAuth', body: rewriteRefreshRequest(body as RefreshRequest) };
  // Deactivating a user signs them out everywhere (functions/lib/cognito-directory.ts); cognito-local
  // 5.3 has no AdminUserGlobalSignOut. AdminGetUser takes the same two fields and answers an unknown
  // user with UserNotFoundException as Cognito would; a known user's answer carries fields the SDK
  // ignores for this operation. Refresh tokens are not revoked locally: the API refuses the user by
  // the users table either way (docs/local-cloud.md).
  if (operation === 'AdminUserGlobalSignOut') return { kind: 'forward', target: 'AdminGetUser', body };
  if (operation === 'AdminCreateUser') {
    const invitation = invitationOf(body as AdminCreateUserRequest);
    if (!invitation) return { kind: 'forward', target: operation, body };
    const password = temporaryPassword();
    return {
      kind: 'forward',
      target: operation,
      body: { ...body, TemporaryPassword: password },
      after: () => {
        passwords.remember(invitation.username, password);
        deliver({ to: invitation.email, username: invitation.username, password });
      },
    };
  }
  if (operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') {
    const params = (body.AuthParameters ?? {}) as Json;
    const username = str(params.USERNAME);
    const password = str(params.PASSWORD);
    if (username && password !== undefined && passwords.matches(username, password) === false)
      return { kind: 'answer', ...WRONG_PASSWORD_ANSWER };
    return { kind: 'forward', target: operation, body };
  }
  if (operation === 'RespondToAuthChallenge' || operation === 'AdminRespondToAuthChallenge') {
    const responses = (body.ChallengeResponses ?? {}) as Json;
    const username = str(responses.USERNAME);
    if (body.ChallengeName === 'NEW_PASSWORD_REQUIRED' && username)
      return { kind: 'forward', target: operation, body, after: () => passwords.forget(username) };
  }
  return { kind: 'forward', target: operation, body };
}

/** The invitation as the local outbox stores an e-mail (functions/lib/mailer.ts, OutboxMail). */
export function writeInvitation(
  outboxDir: string,
  mail: { to: string; username: string; password: string },
  from = 'no-reply@verificationemail.com',
): string {
  const id = ulid();
  const record = {
    id,
    from,
    to: [mail.to],
    subject: COGNITO_INVITATION.subject,
    text: invitationText(mail.username, mail.password),
    sentAt: new Date().toISOString(),
  };
  mkdirSync(outboxDir, { recursive: true });
  const temporary = join(outboxDir, `.${id}.json.tmp`);
  writeFileSync(temporary, JSON.stringify(record, null, 2));
  renameSync(temporary, join(outboxDir, `${id}.json`));
  return id;
}

export function startCognitoProxy(options: {
  host: string;
  port: number;
  upstreamPort: number;
  /** Where invitations go (the local SES outbox); without it invitations are not delivered. */
  outboxDir?: string;
  /** Where the temporary-password hashes are kept across restarts. */
  stateFile?: string;
}): Promise<Server> {
  const passwords = new TemporaryPasswords(options.stateFile);
  const deliver = (mail: { to: string; username: string; password: string }) => {
    if (options.outboxDir) writeInvitation(options.outboxDir, mail);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      const headers = { ...req.headers };
      let after: (() => void) | undefined;
      const target = String(headers[TARGET_HEADER] ?? '');
      if (req.method === 'POST' && target.startsWith(TARGET_PREFIX)) {
        let parsed: Json | undefined;
        try {
          parsed = JSON.parse(body.toString('utf8')) as Json;
        } catch {
          // Not JSON: let cognito-local answer it as it would.
        }
        if (parsed) {
          const decision = decide(target.slice(TARGET_PREFIX.length), parsed, passwords, deliver);
          if (decision.kind === 'answer') {
            res.writeHead(decision.status, { 'content-type': 'application/x-amz-json-1.1' });
            res.end(JSON.stringify(decision.body));
            return;
          }
          if (decision.body !== parsed) body = Buffer.from(JSON.stringify(decision.body));
          headers[TARGET_HEADER] = `${TARGET_PREFIX}${decision.target}`;
          after = decision.after;
        }
      }
      headers['content-length'] = String(body.byteLength);
      headers.host = `${options.host}:${options.upstreamPort}`;
      const upstream = request(
        { host: options.host, port: options.upstreamPort, method: req.method, path: req.url, headers },
        (up) => {
          if (after && (up.statusCode ?? 500) < 300) {
            try {
              after();
            } catch (error) {
              console.error(`[cognito proxy] ${(error as Error).message}`);
            }
          }
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ __type: 'ServiceUnavailable', message: `cognito-local: ${error.message}` }));
      });
      upstream.end(body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
