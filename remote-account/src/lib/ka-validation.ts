/** The account slice's field-rule messages that shared's copy does not have, in Georgian. */
export const kaValidation = {
  nameTooLong: 'ველი უნდა შეიცავდეს არაუმეტეს 100 სიმბოლოს.',
  passwordMismatch: 'პაროლები ერთმანეთს არ ემთხვევა.',
} as const;
