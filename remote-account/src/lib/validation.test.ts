import { ka } from 'shared/strings/ka';
import { z } from 'zod';
import { codeSchema, firstIssues, passwordSchema, personalNumberSchema } from './validation';

function messageOf(schema: z.ZodType, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('personal number rule', () => {
  it('accepts exactly 11 digits', () => {
    expect(personalNumberSchema.safeParse('01001012345').success).toBe(true);
  });

  it.each([
    ['10 digits', '0100101234'],
    ['12 digits', '010010123456'],
    ['a letter among digits', '0100101234a'],
    ['spaces', '01001 12345'],
    ['nothing', ''],
  ])('rejects %s with the Georgian message', (_, value) => {
    expect(messageOf(personalNumberSchema, value)).toBe(ka.account.personalNumberInvalid);
  });
});

describe('password rule', () => {
  it.each([
    ['8 characters with a Latin letter and a digit', 'Parol123'],
    ['128 characters', `a1${'x'.repeat(126)}`],
    ['Georgian letters and a digit', 'პაროლი12'],
  ])('accepts %s', (_, value) => {
    expect(passwordSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['7 characters', 'Parol12'],
    ['129 characters', `a1${'x'.repeat(127)}`],
    ['no digit', 'Parolparol'],
    ['no letter', '12345678'],
    ['digits and symbols but no letter', '1234-!?_'],
  ])('rejects %s with the Georgian message', (_, value) => {
    expect(messageOf(passwordSchema, value)).toBe(ka.account.passwordInvalid);
  });
});

describe('SMS code rule', () => {
  it('accepts exactly 6 digits', () => {
    expect(codeSchema.safeParse('123456').success).toBe(true);
  });

  it.each([
    ['5 digits', '12345'],
    ['7 digits', '1234567'],
    ['letters', '12a456'],
  ])('rejects %s with the Georgian message', (_, value) => {
    expect(messageOf(codeSchema, value)).toBe(ka.account.codeInvalid);
  });
});

describe('firstIssues', () => {
  it('gives each invalid field its first message', () => {
    const form = z.object({ username: personalNumberSchema, password: passwordSchema });
    const result = form.safeParse({ username: '123', password: 'short' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(firstIssues(result.error)).toEqual({
      username: ka.account.personalNumberInvalid,
      password: ka.account.passwordInvalid,
    });
  });
});
