import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { ApiError } from 'shared/api/api-error';
import { FormAlert } from 'shared/forms/form-alert';
import { FormTextField } from 'shared/forms/form-text-field';
import { SubmitButton } from 'shared/forms/submit-button';
import { handleSubmitWrite, type SubmitWriteOptions } from 'shared/forms/submit-write';
import * as z from 'shared/validation/zod';

const schema = z.object({ name: z.string().check(z.minLength(1, 'ველი სავალდებულოა')) });
type Values = z.infer<typeof schema>;
type Options = Omit<SubmitWriteOptions<Values, Values, string>, 'send'> & {
  send: (values: Values) => Promise<string | undefined>;
};

function NameForm(options: Options) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: '' } });
  return (
    <form onSubmit={handleSubmitWrite(form, options)} noValidate>
      <FormAlert control={form.control} />
      <FormTextField control={form.control} name="name" label="სახელი" />
      <SubmitButton control={form.control} busyLabel="იგზავნება…">
        გაგზავნა
      </SubmitButton>
    </form>
  );
}

async function submitName(options: Options, name = 'ნინო') {
  const user = userEvent.setup();
  render(<NameForm {...options} />);
  await user.type(screen.getByLabelText('სახელი'), name);
  await user.click(screen.getByRole('button', { name: 'გაგზავნა' }));
}

describe('handleSubmitWrite', () => {
  it('sends the valid values and hands the answer and the values to onSent', async () => {
    const send = vi.fn(async (values: Values) => `id-${values.name}`);
    const onSent = vi.fn();
    await submitName({ send, onSent });
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('id-ნინო', { name: 'ნინო' }));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while the form’s own rules fail', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => 'sent');
    render(<NameForm send={send} />);
    await user.click(screen.getByRole('button', { name: 'გაგზავნა' }));
    expect(await screen.findByText('ველი სავალდებულოა')).toBeVisible();
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps the button disabled while the write travels', async () => {
    let answer: (value: string) => void = () => {};
    const send = () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      });
    const onSent = vi.fn();
    await submitName({ send, onSent });
    await waitFor(() => expect(screen.getByRole('button')).toBeDisabled());
    answer('sent');
    await waitFor(() => expect(screen.getByRole('button')).toBeEnabled());
    expect(onSent).toHaveBeenCalledWith('sent', { name: 'ნინო' });
  });

  it('does not call onSent when nothing went (a send already on its way)', async () => {
    const send = vi.fn(async () => undefined);
    const onSent = vi.fn();
    await submitName({ send, onSent });
    await waitFor(() => expect(send).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button')).toBeEnabled());
    expect(onSent).not.toHaveBeenCalled();
  });

  it('shows a provider’s field message at its field, focuses it, and reports the failure', async () => {
    const refusal = new ApiError('http', 400, null, 'შეცდომა', { name: ['სახელი დაკავებულია.'] });
    const onFailed = vi.fn();
    const onSent = vi.fn();
    await submitName({ send: () => Promise.reject(refusal), onSent, onFailed });
    const field = screen.getByLabelText('სახელი');
    await waitFor(() => expect(field).toHaveAccessibleDescription('სახელი დაკავებულია.'));
    expect(field).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onFailed).toHaveBeenCalledWith(refusal);
    expect(onSent).not.toHaveBeenCalled();
  });

  it('says a failure without a field in the form’s alert, in the form’s own words', async () => {
    const refusal = new ApiError('http', 401, 'no_active_account', 'provider words');
    await submitName({
      send: () => Promise.reject(refusal),
      describe: (error) => (error.status === 401 ? 'სახელი არ ვიცით.' : null),
    });
    const alert = await screen.findByText('სახელი არ ვიცით.');
    expect(alert).toBeVisible();
    await waitFor(() => expect(alert.closest('[tabindex="-1"]')).toHaveFocus());
  });
});
