import {
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  type ListUsersCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./env', () => ({ env: { userPoolId: 'pool-1' } }));
vi.mock('./observability', () => ({ tracer: { captureAWSv3Client: <T>(c: T) => c } }));

const send = vi.hoisted(() => vi.fn());
vi.mock('@aws-sdk/client-cognito-identity-provider', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  CognitoIdentityProviderClient: class {
    send = send;
  },
}));
const { findDirectoryEntry, searchDirectory, signOutEverywhere } = await import('./cognito-directory');

/** AWS's answer to an unknown user name (cognito-local has no AdminUserGlobalSignOut at all). */
const notFound = () => new UserNotFoundException({ message: 'User does not exist.', $metadata: {} });

beforeEach(() => send.mockReset());

describe('Cognito directory', () => {
  it('signs a user out everywhere with AdminUserGlobalSignOut on the pool', async () => {
    send.mockResolvedValue({} as never);
    await expect(signOutEverywhere('lead')).resolves.toBe('signed-out');
    const [command] = send.mock.calls[0] ?? [];
    expect(command).toBeInstanceOf(AdminUserGlobalSignOutCommand);
    expect((command as AdminUserGlobalSignOutCommand).input).toEqual({
      UserPoolId: 'pool-1',
      Username: 'lead',
    });
  });

  it('treats a user without a Cognito account as nothing to sign out, and rethrows other failures', async () => {
    send.mockRejectedValueOnce(notFound() as never);
    await expect(signOutEverywhere('never-signed-in')).resolves.toBe('no-account');
    send.mockRejectedValueOnce(new Error('throttled') as never);
    await expect(signOutEverywhere('lead')).rejects.toThrow('throttled');
  });

  it('finds a person by user name, else by preferred_username, and reads the ISID of federated users', async () => {
    send.mockRejectedValueOnce(notFound() as never).mockResolvedValueOnce({
      Users: [
        {
          Username: 'CorpIdP_abc',
          Attributes: [
            { Name: 'custom:isid', Value: 'jdoe' },
            { Name: 'given_name', Value: 'Jane' },
            { Name: 'family_name', Value: 'Doe' },
            { Name: 'email', Value: 'jane.doe@corp.example' },
          ],
        },
      ],
    } as never);
    await expect(findDirectoryEntry('jdoe')).resolves.toEqual({
      id: 'jdoe',
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.doe@corp.example',
    });
    expect(send.mock.calls[0]?.[0]).toBeInstanceOf(AdminGetUserCommand);
    const second = send.mock.calls[1]?.[0] as ListUsersCommand | undefined;
    expect(second?.input.Filter).toBe('preferred_username = "jdoe"');
  });

  it('searches given name, family name, e-mail and user name by prefix and merges duplicates', async () => {
    send.mockImplementation((async (command: ListUsersCommand) => {
      const filter = command?.input?.Filter ?? '';
      return filter.startsWith('given_name ^= "Ni"') || filter.startsWith('email')
        ? { Users: [{ Username: 'nina', Attributes: [{ Name: 'given_name', Value: 'Nina' }] }] }
        : { Users: [] };
    }) as never);
    const found = await searchDirectory('ni', 10);
    expect(found).toEqual([{ id: 'nina', firstName: 'Nina', lastName: '', email: '' }]);
    const filters = send.mock.calls.map(([c]) => (c as ListUsersCommand | undefined)?.input.Filter);
    expect(filters).toEqual(
      expect.arrayContaining([
        'given_name ^= "Ni"',
        'family_name ^= "ni"',
        'email ^= "ni"',
        'username ^= "ni"',
      ]),
    );
  });
});
