import {
  ApiGatewayManagementApiClient,
  ApiGatewayManagementApiServiceException,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./env', () => ({ env: { wsCallbackUrl: 'https://ws.example.com/prod' } }));

const { postToConnection } = await import('./push');

const send = vi.spyOn(ApiGatewayManagementApiClient.prototype, 'send');

afterEach(() => {
  send.mockReset();
});

const metadata = { $metadata: { httpStatusCode: 410 } };

describe('postToConnection', () => {
  it('posts the message as JSON bytes to the connection on the stage of WS_CALLBACK_URL', async () => {
    send.mockResolvedValue({ $metadata: {} } as never);

    expect(await postToConnection('L0SM9cOFvHcCIhw=', { type: 'pong' })).toBe('sent');

    const command = send.mock.calls[0]?.[0] as PostToConnectionCommand;
    expect(command).toBeInstanceOf(PostToConnectionCommand);
    expect(command.input.ConnectionId).toBe('L0SM9cOFvHcCIhw=');
    expect(new TextDecoder().decode(command.input.Data as Uint8Array)).toBe('{"type":"pong"}');
    const client = send.mock.contexts[0] as ApiGatewayManagementApiClient;
    const endpoint = await client.config.endpoint?.();
    expect(`${endpoint?.protocol}//${endpoint?.hostname}${endpoint?.path}`).toBe(
      'https://ws.example.com/prod',
    );
  });

  it("answers 'gone' when API Gateway no longer knows the connection", async () => {
    send.mockRejectedValue(new GoneException({ message: 'gone', ...metadata }) as never);
    expect(await postToConnection('c1', { type: 'pong' })).toBe('gone');
  });

  it('rejects on any other failure', async () => {
    const throttled = new ApiGatewayManagementApiServiceException({
      name: 'LimitExceededException',
      $fault: 'client',
      message: 'slow down',
      $metadata: { httpStatusCode: 429 },
    });
    send.mockRejectedValue(throttled as never);
    await expect(postToConnection('c1', { type: 'pong' })).rejects.toBe(throttled);
  });
});
