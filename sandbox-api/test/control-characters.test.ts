import { build } from './build';
import { createUser, registrationBody } from './user-utils';

const REFUSED = 'ველი შეიცავს დაუშვებელ სიმბოლოს.';

describe('text with control characters', () => {
  const ctx = build({}, { seed: true });

  it.each([
    ['a NUL', '\u0000'],
    ['an escape', '\u001b[31m'],
    ['a DEL', '\u007f'],
    ['a new line', 'ა\nბ'],
  ])('is refused with a Georgian field error wherever it is sent: %s', async (_, bad) => {
    const user = await createUser(ctx);
    const [terms] = await ctx().app.db.query<{ id: number }>(
      'SELECT id FROM terms_of_contract WHERE contact_type = 2 ORDER BY published_at DESC LIMIT 1',
    );
    const [notice] = await ctx().app.db.query<{ id: number }>(
      'SELECT id FROM terms_of_contract WHERE contact_type = 3 ORDER BY published_at DESC LIMIT 1',
    );
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/user/register/',
        payload: { ...registrationBody(terms?.id, notice?.id), first_name: `თამარ${bad}` },
        field: 'first_name',
      },
      {
        method: 'PATCH' as const,
        url: `/api/user/user/${user.id}/`,
        payload: { last_name: `ბერიძე${bad}` },
        token: user.access,
        field: 'last_name',
      },
      {
        method: 'POST' as const,
        url: '/api/user/user_log/',
        payload: {
          user_agent: `Mozilla${bad}`,
          platform: 'Linux',
          language: 'ka',
          screen: '390x844',
          timezone: 'Asia/Tbilisi',
        },
        token: user.access,
        field: 'user_agent',
      },
      {
        method: 'GET' as const,
        url: '/__sandbox/outbox',
        query: { to: `599000001${bad}` },
        field: 'to',
      },
    ];
    for (const { field, ...call } of calls) {
      const response = await ctx().call(call);
      expect(response.statusCode, call.url).toBe(400);
      expect(response.json(), call.url).toEqual({ [field]: [REFUSED] });
    }
  });
});
