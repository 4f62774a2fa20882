import { describe, expect, it } from 'vitest';
import { httpEvent, lambdaContext } from '../testing/http-event';
import { handler } from './not-found';

describe('the unmatched-route function', () => {
  it('answers exactly what the not-found handler module answers, without reaching any data', async () => {
    const event = httpEvent({ routeKey: '$default', path: '/v2/nowhere' });
    const { handler: viaHttpHandler } = await import('../http/not-found');
    const expected = await viaHttpHandler(event, lambdaContext);
    const answer = await handler(event);
    expect(answer).toEqual(expected);
    expect(answer.statusCode).toBe(404);
  });
});
