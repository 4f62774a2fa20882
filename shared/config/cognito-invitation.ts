/**
 * The invitation Cognito e-mails to a user created by an administrator (AdminCreateUser): an approved
 * external person (issue 20 §3). `{username}` and `{####}` are Cognito's placeholders for the user
 * name and the temporary password. The CDK user pool sets this template (cdk/stacks/stateful-stack.ts)
 * and the local Cognito proxy, standing in for Cognito's mail, writes the same text into the local
 * outbox (scripts/local/cognito-proxy.ts).
 */
export const COGNITO_INVITATION = {
  subject: 'Your Model Repository account',
  body: [
    'Your request for access to Model Repository has been approved.',
    '',
    'User name: {username}',
    'Temporary password: {####}',
    '',
    'Sign in with these and choose your own password. The temporary password is valid for 3 days.',
  ].join('\n'),
  /** Days a temporary password stays valid (the pool's password policy). */
  temporaryPasswordDays: 3,
} as const;

/** The invitation text with the placeholders filled. */
export function invitationText(username: string, temporaryPassword: string): string {
  return COGNITO_INVITATION.body.replace('{username}', username).replace('{####}', temporaryPassword);
}
