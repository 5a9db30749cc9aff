import * as z from 'shared/validation/zod';
import { kaAccount } from './ka-account';
import { kaValidation } from './ka-validation';
import {
  codeSchema,
  emailSchema,
  nameSchema,
  normalisePhone,
  passwordConfirmationSchema,
  passwordSchema,
  personalNumberSchema,
  phoneSchema,
  withPasswordConfirmation,
} from './validation';

function messageOf(schema: z.ZodMiniType, value: string): string | undefined {
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
    expect(messageOf(personalNumberSchema, value)).toBe(kaAccount.personalNumberInvalid);
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
    expect(messageOf(passwordSchema, value)).toBe(kaAccount.passwordInvalid);
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
    expect(messageOf(codeSchema, value)).toBe(kaAccount.codeInvalid);
  });
});

describe('name rule', () => {
  it('accepts 1 to 100 characters, without the spaces around them', () => {
    expect(nameSchema.parse('  ნინო ')).toBe('ნინო');
    expect(nameSchema.safeParse('ა'.repeat(100)).success).toBe(true);
  });

  it('asks for a name and refuses one longer than the provider keeps', () => {
    expect(messageOf(nameSchema, '   ')).toBe(kaAccount.requiredField);
    expect(messageOf(nameSchema, 'ა'.repeat(101))).toBe(kaValidation.nameTooLong);
  });
});

describe('phone rule', () => {
  it.each([
    ['599123456', '599123456'],
    ['599 12 34 56', '599123456'],
    ['+995 599 123 456', '599123456'],
    ['(599) 12-34-56', '599123456'],
  ])('reads %s as the contract’s 9 digits', (typed, sent) => {
    expect(phoneSchema.parse(typed)).toBe(sent);
  });

  it('asks for a phone, and refuses one that is not a Georgian mobile', () => {
    expect(messageOf(phoneSchema, ' ')).toBe(kaAccount.requiredField);
    expect(messageOf(phoneSchema, '499123456')).toBe(kaAccount.phoneInvalid);
    expect(messageOf(phoneSchema, '59912345')).toBe(kaAccount.phoneInvalid);
    expect(normalisePhone('+44 7700 900123')).toBe('+447700900123');
  });
});

describe('e-mail rule', () => {
  it('accepts an address without the spaces around it', () => {
    expect(emailSchema.parse(' nino@example.ge ')).toBe('nino@example.ge');
  });

  it('asks for an address, and refuses a malformed or overlong one', () => {
    expect(messageOf(emailSchema, '')).toBe(kaAccount.requiredField);
    expect(messageOf(emailSchema, 'nino@example')).toBe(kaAccount.emailInvalid);
    expect(messageOf(emailSchema, `${'a'.repeat(250)}@x.ge`)).toBe(kaAccount.emailInvalid);
  });
});

describe('a new password with its confirmation', () => {
  const form = withPasswordConfirmation(
    z.object({
      email: emailSchema,
      new_password: passwordSchema,
      new_password_confirm: passwordConfirmationSchema,
    }),
    'new_password',
    'new_password_confirm',
  );
  /** Each field's first message, as a form shows it. */
  const issues = (values: Record<string, string>) => {
    const result = form.safeParse(values);
    const first = new Map<string, string>();
    for (const issue of result.error?.issues ?? []) {
      const path = issue.path.join('.');
      if (!first.has(path)) first.set(path, issue.message);
    }
    return [...first];
  };

  it('accepts a confirmation that repeats the password', () => {
    expect(
      issues({ email: 'a@b.ge', new_password: 'Parol1234', new_password_confirm: 'Parol1234' }),
    ).toEqual([]);
  });

  it('reports a mismatch at the confirmation, even while other fields have problems', () => {
    expect(issues({ email: '', new_password: 'short', new_password_confirm: 'Parol1234' })).toEqual(
      [
        ['email', kaAccount.requiredField],
        ['new_password', kaAccount.passwordInvalid],
        ['new_password_confirm', kaValidation.passwordMismatch],
      ],
    );
  });

  it('asks for an empty confirmation rather than calling it a mismatch', () => {
    expect(
      issues({ email: 'a@b.ge', new_password: 'Parol1234', new_password_confirm: '' }),
    ).toEqual([['new_password_confirm', kaAccount.requiredField]]);
  });
});
