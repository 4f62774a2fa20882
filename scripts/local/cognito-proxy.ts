import { createServer, request, type Server } from 'node:http';

/**
 * A pass-through in front of cognito-local that fills one gap of the emulator: Amplify v6 refreshes
 * tokens with `GetTokensFromRefreshToken`, which cognito-local 5.3 does not implement (it answers 500,
 * so 'Continue' in the session dialog would log the user out). That call is the same operation as
 * `InitiateAuth` with `REFRESH_TOKEN_AUTH`, which cognito-local does implement, so the proxy rewrites
 * it. Every other request goes through untouched. Nothing here exists in AWS, where Cognito answers
 * the call itself.
 */
const TARGET_HEADER = 'x-amz-target';
const REFRESH_TARGET = 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken';

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

export function startCognitoProxy(options: {
  host: string;
  port: number;
  upstreamPort: number;
}): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      const headers = { ...req.headers };
      if (req.method === 'POST' && headers[TARGET_HEADER] === REFRESH_TARGET) {
        try {
          const parsed = JSON.parse(body.toString('utf8')) as RefreshRequest;
          body = Buffer.from(JSON.stringify(rewriteRefreshRequest(parsed)));
          headers[TARGET_HEADER] = 'AWSCognitoIdentityProviderService.InitiateAuth';
        } catch {
          // Not JSON: let cognito-local answer it as it would.
        }
      }
      headers['content-length'] = String(body.byteLength);
      headers.host = `${options.host}:${options.upstreamPort}`;
      const upstream = request(
        { host: options.host, port: options.upstreamPort, method: req.method, path: req.url, headers },
        (up) => {
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
