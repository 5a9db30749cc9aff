import { HttpResponse, http } from 'msw';
import { personalDataNotice, registrationTerms } from 'shared/testing/fixtures';
import { mswServer } from 'shared/testing/msw-server';
import { validRegistration } from '../testing/valid-registration';
import { type Registration, register } from './register';

const registration: Registration = {
  ...validRegistration,
  terms_of_contract: registrationTerms.id,
  personal_data_consent: personalDataNotice.id,
  marketing_consent: false,
};

describe('register', () => {
  it('sends every field as a multipart form, logged out, and returns the new id', async () => {
    const seen: {
      method: string;
      path: string;
      contentType: string | null;
      authorization: string | null;
      fields: [string, FormDataEntryValue][];
    }[] = [];
    mswServer.use(
      http.post('*/api/user/register/', async ({ request }) => {
        seen.push({
          method: request.method,
          path: new URL(request.url).pathname,
          contentType: request.headers.get('Content-Type'),
          authorization: request.headers.get('Authorization'),
          fields: [...(await request.formData()).entries()],
        });
        return HttpResponse.json({ id: 43 }, { status: 201 });
      }),
    );
    await expect(register(registration)).resolves.toEqual({ id: 43 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/register/',
      contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
      authorization: null,
    });
    expect(Object.fromEntries(seen[0]?.fields ?? [])).toEqual({
      ...validRegistration,
      terms_of_contract: String(registrationTerms.id),
      personal_data_consent: String(personalDataNotice.id),
      marketing_consent: 'false',
    });
    // Each field once: a repeated one would reach a Django provider as a list.
    expect(seen[0]?.fields).toHaveLength(11);
  });

  it('returns the id the mock provider answers', async () => {
    await expect(register(registration)).resolves.toEqual({ id: 43 });
  });

  it('is refused by the mock provider, as by the real one, with an older notice’s id (v1.1)', async () => {
    await expect(
      register({ ...registration, personal_data_consent: personalDataNotice.id - 1 }),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: { personal_data_consent: [expect.any(String)] },
    });
  });

  it('keeps the provider’s field messages by field', async () => {
    mswServer.use(
      http.post('*/api/user/register/', () =>
        HttpResponse.json(
          {
            personal_number: ['ამ პირადი ნომრით მომხმარებელი უკვე არსებობს.'],
            password_confirm: ['პაროლები არ ემთხვევა.'],
          },
          { status: 400 },
        ),
      ),
    );
    await expect(register(registration)).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      code: null,
      message: 'ამ პირადი ნომრით მომხმარებელი უკვე არსებობს.',
      fieldErrors: {
        personal_number: ['ამ პირადი ნომრით მომხმარებელი უკვე არსებობს.'],
        password_confirm: ['პაროლები არ ემთხვევა.'],
      },
    });
  });

  it.each([
    ['without an id', {}],
    ['with the id as a string', { id: '43' }],
  ])('rejects an answer %s as breaking the contract', async (_case, answer) => {
    mswServer.use(
      http.post('*/api/user/register/', () => HttpResponse.json(answer, { status: 201 })),
    );
    await expect(register(registration)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});
