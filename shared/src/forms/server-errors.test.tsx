import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ApiError } from 'shared/api/api-error';
import { ka } from 'shared/strings/ka';
import { applyServerError, formLevelMessages } from './server-errors';

const fieldsAnswer = (fieldErrors: Record<string, string[]>) =>
  new ApiError('http', 400, null, 'პირველი', fieldErrors);

describe('formLevelMessages', () => {
  it('is empty when every message has its field', () => {
    expect(formLevelMessages(fieldsAnswer({ code: ['კოდი არასწორია.'] }), ['code'])).toEqual([]);
  });

  it('keeps non_field_errors first, then messages for fields the form lacks, each once', () => {
    const error = fieldsAnswer({
      username: ['მომხმარებელი დაბლოკილია.'],
      code: ['კოდი არასწორია.'],
      non_field_errors: ['სცადეთ თავიდან.', 'მომხმარებელი დაბლოკილია.'],
    });
    expect(formLevelMessages(error, ['code', 'new_password'])).toEqual([
      'სცადეთ თავიდან.',
      'მომხმარებელი დაბლოკილია.',
    ]);
  });

  it('gives an answer without field messages its one message, or the form’s own words', () => {
    const refused = new ApiError('http', 401, 'no_active_account', ka.errors.byCode.not_found);
    expect(formLevelMessages(refused, ['username'])).toEqual([ka.errors.byCode.not_found]);
    expect(formLevelMessages(refused, ['username'], () => 'სხვა სიტყვებით')).toEqual([
      'სხვა სიტყვებით',
    ]);
    expect(formLevelMessages(fieldsAnswer({ code: [] }), ['code'])).toEqual(['პირველი']);
  });
});

describe('applyServerError', () => {
  it('puts field messages on the form’s fields and the rest on root.server', () => {
    const { result } = renderHook(() => {
      const form = useForm({ defaultValues: { code: '', new_password: '' } });
      // Read during render, as a form reads its errors: the hook re-renders when they change.
      void form.formState.errors;
      return form;
    });
    act(() => {
      applyServerError(
        result.current,
        fieldsAnswer({
          code: ['კოდი არასწორია.', 'ცდები ამოიწურა.'],
          username: ['მომხმარებელი დაბლოკილია.'],
        }),
      );
    });
    const { errors } = result.current.formState;
    expect(errors.code?.message).toBe('კოდი არასწორია. ცდები ამოიწურა.');
    expect(errors.new_password).toBeUndefined();
    expect(errors.root?.server?.message).toBe('მომხმარებელი დაბლოკილია.');
  });
});
