import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeStandIns,
  type RecordedRequest,
  type StandInAnswer,
  scripted,
  startStandIn,
  stubAwsCredentials,
} from '../../test/support/aws-stand-in';

vi.mock('./env', () => ({ env: { region: 'us-east-1' } }));

const {
  AwsRequestError,
  awsCredentials,
  awsPresign,
  awsSend,
  drain,
  encodeKeyPath,
  errorInsideOk,
  escapeUri,
  forgetAwsCredentials,
  parseErrorDocument,
  readBytes,
  readText,
  xmlEscape,
  xmlUnescape,
} = await import('./aws-rest');

const AKID = 'AKIDTESTREST';
const SECRET = 'test-secret-key';

type Received = RecordedRequest;
type Answer = StandInAnswer;

/** A stand-in answering from a script (the last answer repeats). */
const startServer = (...answers: Answer[]) => startStandIn(scripted(...answers));

afterEach(closeStandIns);

beforeEach(() => {
  stubAwsCredentials(AKID, SECRET);
  forgetAwsCredentials();
});
afterEach(() => {
  vi.unstubAllEnvs();
  forgetAwsCredentials();
});

/** SigV4 computed here with node:crypto, independently of the signer under test. */
function sigV4(input: {
  method: string;
  canonicalPath: string;
  query: [string, string][];
  headers: Record<string, string>;
  signedHeaders: string[];
  payloadHash: string;
  longDate: string;
  scope: string;
}): string {
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const canonicalQuery = input.query
    .map(([name, value]) => [escapeUri(name), escapeUri(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = input.signedHeaders
    .map((name) => `${name}:${(input.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    input.method,
    input.canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    input.signedHeaders.join(';'),
    input.payloadHash,
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    input.longDate,
    input.scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const [shortDate, region, service] = input.scope.split('/') as [string, string, string];
  let key = hmac(`AWS4${SECRET}`, shortDate);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

const queryPairs = (search: string): [string, string][] =>
  search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/;

/** Checks a received request's Authorization header against its method, path, query, headers and body. */
function expectValidSignature(request: Received, service: string): void {
  const authorization = String(request.headers.authorization ?? '');
  const match = AUTHORIZATION.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, akid, shortDate, region, scopeService, signedHeaderList, signature] = match as unknown as string[];
  expect(akid).toBe(AKID);
  expect(region).toBe('us-east-1');
  expect(scopeService).toBe(service);
  const longDate = String(request.headers['x-amz-date']);
  expect(longDate.slice(0, 8)).toBe(shortDate);
  const signedHeaders = (signedHeaderList ?? '').split(';');
  expect(signedHeaders).toContain('host');
  expect(signedHeaders).toContain('x-amz-date');
  const url = new URL(request.url, 'http://placeholder');
  const rawPath = request.url.split('?')[0] ?? '';
  const headers = Object.fromEntries(Object.entries(request.headers).map(([n, v]) => [n, String(v)]));
  expect(
    sigV4({
      method: request.method,
      // S3 signs the path as sent; other services sign it encoded once more.
      canonicalPath: service === 's3' ? rawPath : rawPath.split('/').map(escapeUri).join('/'),
      query: queryPairs(url.search),
      headers,
      signedHeaders,
      payloadHash: headers['x-amz-content-sha256'] ?? createHash('sha256').update(request.body).digest('hex'),
      longDate,
      scope: `${shortDate}/${region}/${service}/aws4_request`,
    }),
  ).toBe(signature);
}

describe('awsSend', () => {
  it('sends the path, query, headers and body, signed, and returns a 2xx answer with its body unread', async () => {
    const server = await startServer({
      status: 200,
      headers: { 'content-type': 'application/json', 'X-Custom-Answer': 'yes' },
      body: '{"MessageId":"m-1"}',
    });
    const before = Date.now();
    const reply = await awsSend({
      service: 'ses',
      method: 'POST',
      endpoint: server.endpoint,
      path: '/v2/email/outbound-emails',
      query: { 'list-type': '2', prefix: 'a b/c' },
      headers: { 'content-type': 'application/json', 'x-amz-meta-note': 'hello' },
      body: '{"héllo":"wörld"}',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['x-custom-answer']).toBe('yes');
    expect(reply.body.readableEnded).toBe(false);
    expect(await readText(reply.body)).toBe('{"MessageId":"m-1"}');

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests as [Received];
    expect(request.method).toBe('POST');
    const url = new URL(request.url, server.endpoint);
    expect(url.pathname).toBe('/v2/email/outbound-emails');
    expect(Object.fromEntries(url.searchParams)).toEqual({ 'list-type': '2', prefix: 'a b/c' });
    expect(request.url).toContain('prefix=a%20b%2Fc');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-amz-meta-note']).toBe('hello');
    expect(request.headers.host).toBe(new URL(server.endpoint).host);
    expect(request.body.toString('utf8')).toBe('{"héllo":"wörld"}');
    // Bytes, not characters.
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength('{"héllo":"wörld"}')));
    const signedAt = Date.parse(
      String(request.headers['x-amz-date']).replace(
        /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
        '$1-$2-$3T$4:$5:$6Z',
      ),
    );
    expect(signedAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(signedAt).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(String(request.headers.authorization)).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${AKID}/\\d{8}/us-east-1/ses/aws4_request, `),
    );
    expectValidSignature(request, 'ses');
  });

  it('sends a Uint8Array body with its length and signs S3 paths as sent', async () => {
    const server = await startServer({ status: 200, body: '' });
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253]);
    const reply = await awsSend({
      service: 's3',
      method: 'PUT',
      endpoint: server.endpoint,
      path: `/bucket/${encodeKeyPath("models/a b/(1)!'*.txt")}`,
      headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    await drain(reply);
    const [request] = server.requests as [Received];
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/bucket/models/a%20b/%281%29%21%27%2A.txt');
    expect(request.headers['content-length']).toBe('7');
    expect([...request.body]).toEqual([...bytes]);
    expect(String(request.headers.authorization)).toContain('/us-east-1/s3/aws4_request, ');
    expectValidSignature(request, 's3');
  });

  it('signs the payload hash of a body without x-amz-content-sha256', async () => {
    const server = await startServer({ status: 200 });
    await drain(
      await awsSend({
        service: 'execute-api',
        method: 'POST',
        endpoint: server.endpoint,
        path: `/@connections/${escapeUri('abc=')}`,
        body: '{"type":"pong"}',
      }),
    );
    const [request] = server.requests as [Received];
    expect(request.url).toBe('/@connections/abc%3D');
    // The signer is told not to add the header (applyChecksum: false); the hash is still signed.
    expect(request.headers['x-amz-content-sha256']).toBeUndefined();
    expect(String(request.headers.authorization)).toContain('/execute-api/aws4_request, ');
    expectValidSignature(request, 'execute-api');
  });

  it('streams a Readable body', async () => {
    const server = await startServer({ status: 200 });
    await drain(
      await awsSend({
        service: 's3',
        method: 'PUT',
        endpoint: server.endpoint,
        path: '/bucket/key',
        headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', 'content-length': '6' },
        body: Readable.from([Buffer.from('abc'), Buffer.from('def')]),
      }),
    );
    const [request] = server.requests as [Received];
    expect(request.body.toString()).toBe('abcdef');
    expectValidSignature(request, 's3');
  });

  it('reads an S3 XML error document into an AwsRequestError', async () => {
    const server = await startServer({
      status: 404,
      headers: { 'content-type': 'application/xml', 'x-amz-request-id': 'req-1' },
      body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>k</Key></Error>',
    });
    const error = await awsSend({
      service: 's3',
      method: 'GET',
      endpoint: server.endpoint,
      path: '/b/k',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsRequestError);
    expect(error).toMatchObject({
      name: 'NoSuchKey',
      code: 'NoSuchKey',
      status: 404,
      service: 's3',
      message: 'The specified key does not exist.',
      requestId: 'req-1',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('names a HEAD 404 without a document NotFound', async () => {
    const server = await startServer({ status: 404 });
    const error = await awsSend({
      service: 's3',
      method: 'HEAD',
      endpoint: server.endpoint,
      path: '/b/k',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsRequestError);
    expect(error).toMatchObject({ name: 'NotFound', code: 'NotFound', status: 404 });
    expect((error as Error).message).toBe('s3 HEAD answered 404');
  });

  it('names other statuses without a code Http<status>', async () => {
    const server = await startServer({ status: 403, body: 'nope' });
    await expect(
      awsSend({ service: 'execute-api', method: 'POST', endpoint: server.endpoint, path: '/x', body: '{}' }),
    ).rejects.toMatchObject({ name: 'Http403', status: 403, message: 'execute-api POST answered 403' });
  });

  it('reads a JSON error document', async () => {
    const server = await startServer({
      status: 400,
      headers: { 'content-type': 'application/json', 'x-amzn-requestid': 'req-2' },
      body: '{"__type":"com.amazon#ThrottlingException","message":"slow down"}',
    });
    await expect(
      awsSend({ service: 'ses', method: 'POST', endpoint: server.endpoint, path: '/x', body: '{}' }),
    ).rejects.toMatchObject({
      name: 'ThrottlingException',
      code: 'ThrottlingException',
      status: 400,
      message: 'slow down',
      requestId: 'req-2',
    });
  });

  it('takes the code from x-amzn-errortype over the document', async () => {
    const server = await startServer({
      status: 400,
      headers: {
        'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/',
      },
      body: '{"__type":"com.amazon#SomethingElse","message":"Email address is not verified."}',
    });
    await expect(
      awsSend({ service: 'ses', method: 'POST', endpoint: server.endpoint, path: '/x', body: '{}' }),
    ).rejects.toMatchObject({
      name: 'MessageRejected',
      status: 400,
      message: 'Email address is not verified.',
    });
  });
});

describe('awsSend retries', () => {
  const call = (endpoint: string) =>
    ({
      service: 'ses',
      method: 'POST',
      endpoint,
      path: '/v2/email/outbound-emails',
      body: '{"a":1}',
    }) as const;

  it('retries a 503 and succeeds on the second request', async () => {
    const server = await startServer(
      { status: 503, body: '<Error><Code>SlowDown</Code></Error>' },
      { status: 200, body: 'ok' },
    );
    const reply = await awsSend(call(server.endpoint));
    expect(reply.status).toBe(200);
    expect(await readText(reply.body)).toBe('ok');
    expect(server.requests).toHaveLength(2);
    // Each attempt is signed and sends the whole body again.
    for (const request of server.requests) {
      expect(request.body.toString()).toBe('{"a":1}');
      expectValidSignature(request, 'ses');
    }
  });

  it('gives up after three requests', async () => {
    const server = await startServer({
      status: 503,
      headers: { 'content-type': 'application/json' },
      body: '{"__type":"ServiceUnavailable","message":"try later"}',
    });
    await expect(awsSend(call(server.endpoint))).rejects.toMatchObject({
      name: 'ServiceUnavailable',
      status: 503,
      message: 'try later',
    });
    expect(server.requests).toHaveLength(3);
  });

  it('retries 429 and other 5xx answers', async () => {
    const server = await startServer({ status: 429 }, { status: 500 }, { status: 204 });
    const reply = await awsSend(call(server.endpoint));
    expect(reply.status).toBe(204);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a dropped connection', async () => {
    const server = await startServer({ status: 0, hangUp: true }, { status: 200, body: 'ok' });
    const reply = await awsSend(call(server.endpoint));
    expect(await readText(reply.body)).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 400', async () => {
    const server = await startServer({ status: 400, body: '{"message":"bad"}' }, { status: 200 });
    await expect(awsSend(call(server.endpoint))).rejects.toMatchObject({ status: 400, message: 'bad' });
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a stream body, which cannot be sent twice', async () => {
    const server = await startServer({ status: 503 }, { status: 200 });
    await expect(
      awsSend({
        service: 's3',
        method: 'PUT',
        endpoint: server.endpoint,
        path: '/b/k',
        headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', 'content-length': '3' },
        body: Readable.from([Buffer.from('abc')]),
      }),
    ).rejects.toMatchObject({ name: 'Http503', status: 503 });
    expect(server.requests).toHaveLength(1);
  });
});

describe('awsCredentials', () => {
  it('resolves the credentials once and reuses them', async () => {
    const server = await startServer({ status: 200 });
    const first = await awsCredentials();
    expect(first.accessKeyId).toBe(AKID);
    expect(first.secretAccessKey).toBe(SECRET);
    // A changed environment is not read again while the resolved set is valid...
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDCHANGED');
    expect(awsCredentials()).toBe(awsCredentials());
    expect((await awsCredentials()).accessKeyId).toBe(AKID);
    for (let i = 0; i < 2; i++) {
      await drain(await awsSend({ service: 's3', method: 'GET', endpoint: server.endpoint, path: '/b/k' }));
    }
    // ...and is once forgotten.
    forgetAwsCredentials();
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'other-secret');
    await drain(await awsSend({ service: 's3', method: 'GET', endpoint: server.endpoint, path: '/b/k' }));
    const akids = server.requests.map(
      (r) => /Credential=([^/]+)\//.exec(String(r.headers.authorization))?.[1],
    );
    expect(akids).toEqual([AKID, AKID, 'AKIDCHANGED']);
  });

  it('does not keep a failure', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', undefined);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', undefined);
    // Nothing else in the chain may answer: no shared files, no container or instance metadata.
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', '/nonexistent/credentials');
    vi.stubEnv('AWS_CONFIG_FILE', '/nonexistent/config');
    vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
    vi.stubEnv('AWS_CONTAINER_CREDENTIALS_RELATIVE_URI', undefined);
    vi.stubEnv('AWS_CONTAINER_CREDENTIALS_FULL_URI', undefined);
    vi.stubEnv('AWS_WEB_IDENTITY_TOKEN_FILE', undefined);
    vi.stubEnv('AWS_ROLE_ARN', undefined);
    await expect(awsCredentials()).rejects.toThrow();
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDLATER');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET);
    // The provider itself memoizes nothing that failed, and awsCredentials asks it again.
    expect((await awsCredentials()).accessKeyId).toBe('AKIDLATER');
  });
});

describe('awsPresign', () => {
  it('presigns an S3 GET with response header overrides in the query', async () => {
    const endpoint = 'http://127.0.0.1:4566';
    const disposition = 'attachment; filename="model (1).txt"';
    const url = await awsPresign(
      {
        service: 's3',
        method: 'GET',
        endpoint,
        path: '/bucket/models/a%20b.txt',
        query: { 'response-content-disposition': disposition },
      },
      300,
    );
    expect(url.startsWith(`${endpoint}/bucket/models/a%20b.txt?`)).toBe(true);
    expect(url).toContain('X-Amz-Algorithm=AWS4-HMAC-SHA256');
    expect(url).toContain('X-Amz-Expires=300');
    expect(url).toContain('X-Amz-SignedHeaders=host');
    expect(url).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
    expect(url).toContain(`response-content-disposition=${escapeUri(disposition)}`);
    expect(url).toContain('attachment%3B%20filename%3D%22model%20%281%29.txt%22');

    const parsed = new URL(url);
    const query = Object.fromEntries(parsed.searchParams);
    expect(query['response-content-disposition']).toBe(disposition);
    expect(query['X-Amz-Credential']).toMatch(new RegExp(`^${AKID}/\\d{8}/us-east-1/s3/aws4_request$`));
    const longDate = query['X-Amz-Date'] ?? '';
    expect(
      sigV4({
        method: 'GET',
        canonicalPath: parsed.pathname,
        query: queryPairs(parsed.search).filter(([name]) => name !== 'X-Amz-Signature'),
        headers: { host: parsed.host },
        signedHeaders: ['host'],
        payloadHash: 'UNSIGNED-PAYLOAD',
        longDate,
        scope: (query['X-Amz-Credential'] ?? '').split('/').slice(1).join('/'),
      }),
    ).toBe(query['X-Amz-Signature']);
  });

  it('signs content-length but not content-type of a presigned PUT', async () => {
    const url = await awsPresign(
      {
        service: 's3',
        method: 'PUT',
        endpoint: 'https://bucket.s3.us-east-1.amazonaws.com',
        path: '/uploads/k',
        headers: { 'content-length': '1234', 'content-type': 'text/plain' },
      },
      60,
    );
    expect(url.startsWith('https://bucket.s3.us-east-1.amazonaws.com/uploads/k?')).toBe(true);
    const query = Object.fromEntries(new URL(url).searchParams);
    expect(query['X-Amz-Expires']).toBe('60');
    const signed = (query['X-Amz-SignedHeaders'] ?? '').split(';');
    expect(signed).toContain('content-length');
    expect(signed).toContain('host');
    expect(signed).not.toContain('content-type');
  });

  it('is accepted by a server that checks the signature as S3 does', async () => {
    const server = await startServer({ status: 200, body: 'content' });
    const url = await awsPresign(
      { service: 's3', method: 'GET', endpoint: server.endpoint, path: `/b/${encodeKeyPath('dir/ä b.txt')}` },
      900,
    );
    const response = await fetch(url);
    expect(await response.text()).toBe('content');
    const [request] = server.requests as [Received];
    const target = new URL(request.url, server.endpoint);
    const query = Object.fromEntries(target.searchParams);
    expect(target.pathname).toBe('/b/dir/%C3%A4%20b.txt');
    expect(
      sigV4({
        method: 'GET',
        canonicalPath: target.pathname,
        query: queryPairs(target.search).filter(([name]) => name !== 'X-Amz-Signature'),
        headers: { host: String(request.headers.host) },
        signedHeaders: (query['X-Amz-SignedHeaders'] ?? '').split(';'),
        payloadHash: 'UNSIGNED-PAYLOAD',
        longDate: query['X-Amz-Date'] ?? '',
        scope: (query['X-Amz-Credential'] ?? '').split('/').slice(1).join('/'),
      }),
    ).toBe(query['X-Amz-Signature']);
  });
});

describe('parseErrorDocument', () => {
  it('reads an S3 XML document, unescaping the message', () => {
    expect(
      parseErrorDocument(
        '<Error><Code>AccessDenied</Code><Message>a &amp; b &lt;c&gt;</Message></Error>',
        {},
      ),
    ).toEqual({ code: 'AccessDenied', message: 'a & b <c>' });
    expect(parseErrorDocument('<Error><Code>InternalError</Code></Error>', {})).toEqual({
      code: 'InternalError',
      message: '',
    });
  });

  it('reads JSON __type, code and message or Message', () => {
    expect(
      parseErrorDocument('{"__type":"com.amazon#ThrottlingException","message":"slow down"}', {}),
    ).toEqual({
      code: 'ThrottlingException',
      message: 'slow down',
      document: { __type: 'com.amazon#ThrottlingException', message: 'slow down' },
    });
    expect(parseErrorDocument('{"code":"GoneException","Message":"gone"}', {})).toEqual({
      code: 'GoneException',
      message: 'gone',
      document: { code: 'GoneException', Message: 'gone' },
    });
  });

  it('prefers the x-amzn-errortype header, without its URL', () => {
    expect(
      parseErrorDocument('{"__type":"Other","message":"m"}', {
        'x-amzn-errortype': 'NotFoundException:http://x/',
      }),
    ).toEqual({ code: 'NotFoundException', message: 'm', document: { __type: 'Other', message: 'm' } });
    expect(parseErrorDocument('', { 'x-amzn-errortype': 'LimitExceededException' })).toEqual({
      code: 'LimitExceededException',
    });
  });

  it('returns nothing for an empty or unknown document', () => {
    expect(parseErrorDocument('', {})).toEqual({});
    expect(parseErrorDocument('<html>Bad Gateway</html>', {})).toEqual({});
    expect(parseErrorDocument('[1,2]', {})).toEqual({});
    expect(parseErrorDocument('null', {})).toEqual({});
  });
});

describe('errorInsideOk', () => {
  it('turns an <Error> inside a 200 into an error', () => {
    const error = errorInsideOk(
      's3',
      '<?xml version="1.0"?>\n<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>',
      200,
    );
    expect(error).toBeInstanceOf(AwsRequestError);
    expect(error).toMatchObject({
      name: 'InternalError',
      code: 'InternalError',
      status: 200,
      service: 's3',
      message: 'We encountered an internal error.',
    });
    expect(errorInsideOk('s3', '<Error></Error>', 200)).toMatchObject({
      code: 'InternalError',
      message: 'S3 reported an error',
    });
  });

  it('returns undefined for a result document', () => {
    expect(
      errorInsideOk(
        's3',
        '<CopyObjectResult><ETag>"abc"</ETag><LastModified>x</LastModified></CopyObjectResult>',
        200,
      ),
    ).toBeUndefined();
    expect(errorInsideOk('s3', '', 200)).toBeUndefined();
  });
});

describe('XML escaping', () => {
  it('unescapes the named, decimal and hexadecimal entities', () => {
    expect(xmlUnescape('&amp;&lt;&gt;&quot;&apos;&#x41;&#66;&#x1F600;')).toBe('&<>"\'AB😀');
    expect(xmlUnescape('a &amp;lt; b')).toBe('a &lt; b');
    expect(xmlUnescape('no entities & here; &unknown;')).toBe('no entities & here; &unknown;');
  });

  it('escapes the five special characters and round-trips', () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    const key = `dir/<weird> & "quoted" 'key'.txt`;
    expect(xmlUnescape(xmlEscape(key))).toBe(key);
  });
});

describe('URI encoding', () => {
  it('escapeUri encodes as RFC 3986 does', () => {
    expect(escapeUri("!'()*")).toBe('%21%27%28%29%2A');
    expect(escapeUri('a b')).toBe('a%20b');
    expect(escapeUri('-_.~')).toBe('-_.~');
    expect(escapeUri('AZaz09')).toBe('AZaz09');
    expect(escapeUri('a/b+c=d&e')).toBe('a%2Fb%2Bc%3Dd%26e');
    expect(escapeUri('ä')).toBe('%C3%A4');
  });

  it('encodeKeyPath keeps slashes and encodes each segment', () => {
    expect(encodeKeyPath('models/m 1/file (1)!.txt')).toBe('models/m%201/file%20%281%29%21.txt');
    expect(encodeKeyPath('a//b/')).toBe('a//b/');
    expect(encodeKeyPath('x+y=z')).toBe('x%2By%3Dz');
  });
});

describe('drain', () => {
  it('reads the body, so the next call reuses the keep-alive connection', async () => {
    const server = await startServer({ status: 200, body: 'x'.repeat(100_000) });
    const call = { service: 's3', method: 'GET', endpoint: server.endpoint, path: '/b/k' } as const;
    const reply = await awsSend(call);
    await drain(reply);
    expect(reply.body.readableEnded).toBe(true);
    await drain(await awsSend(call));
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.clientPort).toBe(server.requests[0]?.clientPort);
  });

  it('returns for a body whose connection dropped before the call', async () => {
    const server = await startServer({ status: 200, cutOffAfter: 'abc' });
    const reply = await awsSend({ service: 's3', method: 'GET', endpoint: server.endpoint, path: '/b/k' });
    await vi.waitFor(() => expect(reply.body.destroyed).toBe(true));
    await expect(drain(reply)).resolves.toBeUndefined();
  });

  it('returns when the connection drops while draining', async () => {
    const server = await startServer({ status: 200, cutOffAfter: 'abc' });
    const reply = await awsSend({ service: 's3', method: 'GET', endpoint: server.endpoint, path: '/b/k' });
    await expect(drain(reply)).resolves.toBeUndefined();
    expect(reply.body.destroyed).toBe(true);
  });
});

describe('readBytes', () => {
  it('joins string and buffer chunks', async () => {
    expect((await readBytes(Readable.from(['ab', Buffer.from('cd')]))).toString()).toBe('abcd');
  });
});
