import { ApiError } from 'shared/api/api-error';
import { format, ka } from 'shared/strings/ka';
import { formErrorMessage, serverFieldErrors } from './form-errors';

describe('formErrorMessage', () => {
  it('is null without an error, and when the field messages are all shown at fields', () => {
    expect(formErrorMessage(null, ['code'])).toBeNull();
    const wrongCode = new ApiError('http', 400, null, 'კოდი არასწორია.', {
      code: ['კოდი არასწორია.'],
    });
    expect(formErrorMessage(wrongCode, ['code'])).toBeNull();
  });

  it('names the wait of a throttled answer', () => {
    const throttled = new ApiError('http', 429, 'throttled', 'Too many', {}, 42);
    expect(formErrorMessage(throttled, ['code'])).toBe(
      format(ka.account.throttled, { seconds: 42 }),
    );
  });

  it("shows non-field messages and messages for fields the form doesn't have", () => {
    const nonField = new ApiError('http', 400, null, 'არასწორია', {
      non_field_errors: ['არასწორია'],
      code: ['x'],
    });
    expect(formErrorMessage(nonField, ['code'])).toBe('არასწორია');
    const other = new ApiError('http', 400, null, 'სხვა', { other: ['სხვა'] });
    expect(formErrorMessage(other, ['code'])).toBe('სხვა');
  });
});

describe('serverFieldErrors', () => {
  it("keeps the first message of each of the form's own fields", () => {
    const error = new ApiError('http', 400, null, 'x', {
      email: ['ელ-ფოსტა დაკავებულია.', 'მეორე'],
      other: ['სხვა'],
    });
    expect(serverFieldErrors(error, ['email', 'first_name'])).toEqual({
      email: 'ელ-ფოსტა დაკავებულია.',
    });
  });
});
