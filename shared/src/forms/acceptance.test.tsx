import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useForm } from 'react-hook-form';
import { ApiError } from 'shared/api/api-error';
import { ContractType, termsOfContractQuery } from 'shared/api/cms/terms-of-contract';
import { ka } from 'shared/strings/ka';
import { personalDataNotice } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import * as z from 'shared/validation/zod';
import { Acceptance } from './acceptance';
import { applyServerError } from './server-errors';
import { useRepublishedDocument } from './use-republished-document';

const strings = {
  legend: 'დოკუმენტი',
  accept: 'ვეთანხმები',
  loading: 'იტვირთება…',
  error: 'დოკუმენტი ვერ ჩაიტვირთა.',
  empty: 'დოკუმენტი არ არის.',
  republished: 'დოკუმენტი განახლდა. გაეცანით და დაეთანხმეთ ხელახლა.',
};
const required = 'დაეთანხმეთ დოკუმენტს.';

const schema = z.object({
  name: z.string(),
  personal_data_consent: z.boolean().check(z.refine((value) => value, required)),
});

/** A form of a text field and one acceptance; `send` stands for the provider. */
function Harness({ send }: { send: (id: number) => Promise<void> }) {
  const document = useQuery(termsOfContractQuery(ContractType.personalData));
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: '', personal_data_consent: false },
  });
  const recovery = useRepublishedDocument({
    document,
    setValue: form.setValue,
    name: 'personal_data_consent',
    fields: ['name', 'personal_data_consent'],
  });
  const submit = form.handleSubmit(async () => {
    if (!document.data) return;
    try {
      await send(document.data.id);
    } catch (caught) {
      recovery.recover(
        applyServerError(form, caught, { fields: ['name', 'personal_data_consent'] }),
      );
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <label>
        სახელი <input {...form.register('name')} />
      </label>
      <Acceptance
        document={document}
        showPending
        control={form.control}
        name="personal_data_consent"
        strings={strings}
        recovery={recovery}
      />
      <button type="submit">გაგზავნა</button>
    </form>
  );
}

function noticeAnswer(resolver: () => Response | Promise<Response>, once = false) {
  mswServer.use(http.get('*/api/cms/terms_of_contract/', resolver, { once }));
}

const box = () => screen.getByRole('checkbox', { name: strings.accept });

describe('Acceptance', () => {
  it('says it is loading, then shows the document’s title, version, date and text, unticked', async () => {
    const held = createGate();
    noticeAnswer(async () => {
      await held.passed();
      return HttpResponse.json([personalDataNotice]);
    });
    render(<Harness send={vi.fn()} />);

    expect(screen.getByRole('group', { name: strings.legend })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByText(strings.loading)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    held.open();

    const text = await screen.findByRole('region', { name: personalDataNotice.title });
    expect(text).toHaveAttribute('tabindex', '0');
    expect(text).toHaveTextContent('ვერსია 1.0, გამოქვეყნდა 1 ოქტომბერი, 2026');
    expect(text).toHaveTextContent('თანხმობის გამოხმობა ნებისმიერ დროს შეგიძლიათ.');
    expect(box()).not.toBeChecked();
    expect(box()).not.toHaveAttribute('aria-invalid');
  });

  it('says when the document fails to load, and loads it on retry', async () => {
    const user = userEvent.setup();
    noticeAnswer(() => new HttpResponse(null, { status: 503 }), true);
    render(<Harness send={vi.fn()} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(strings.error);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ka.common.retry }));

    expect(await screen.findByRole('region', { name: personalDataNotice.title })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when no document is published, with a retry, and offers no box', async () => {
    noticeAnswer(() => HttpResponse.json([]));
    render(<Harness send={vi.fn()} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(strings.empty);
    expect(screen.getByRole('button', { name: ka.common.retry })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('is required: an unticked box shows its error, takes focus, and nothing is sent', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<Harness send={send} />);
    await screen.findByRole('region', { name: personalDataNotice.title });

    await user.click(screen.getByRole('button', { name: 'გაგზავნა' }));

    expect(box()).toHaveAccessibleDescription(required);
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(box()).toHaveFocus();
    expect(send).not.toHaveBeenCalled();

    await user.click(box());
    await user.click(screen.getByRole('button', { name: 'გაგზავნა' }));
    expect(send).toHaveBeenCalledWith(personalDataNotice.id);
  });

  it('loads a republished document again, unticks the box and asks for a fresh acceptance', async () => {
    const user = userEvent.setup();
    const newer = { ...personalDataNotice, id: 13, title: 'ახალი შეტყობინება', version: '1.1' };
    const send = vi.fn(async (id: number) => {
      if (id !== newer.id) {
        throw new ApiError('http', 400, null, 'ძველი ვერსია.', {
          personal_data_consent: ['ძველი ვერსია.'],
        });
      }
    });
    render(<Harness send={send} />);
    await screen.findByRole('region', { name: personalDataNotice.title });
    await user.type(screen.getByLabelText('სახელი'), 'ნინო');
    await user.click(box());
    const published = createGate();
    noticeAnswer(async () => {
      await published.passed();
      return HttpResponse.json([newer, personalDataNotice]);
    });

    await user.click(screen.getByRole('button', { name: 'გაგზავნა' }));

    // The outdated version cannot be accepted while the current one loads.
    await waitFor(() => expect(screen.queryByRole('checkbox')).not.toBeInTheDocument());
    expect(screen.getByText(strings.republished)).toBeVisible();
    published.open();
    expect(await screen.findByRole('region', { name: newer.title })).toBeVisible();
    expect(box()).not.toBeChecked();
    expect(box()).toHaveFocus();
    expect(box()).toHaveAccessibleDescription('ძველი ვერსია.');
    expect(screen.getByLabelText('სახელი')).toHaveValue('ნინო');

    await user.click(box());
    expect(screen.queryByText(strings.republished)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'გაგზავნა' }));
    expect(send).toHaveBeenLastCalledWith(newer.id);
  });

  it('leaves the box alone for a failure that is not its document’s', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new ApiError('http', 400, null, 'სახელი დაკავებულია.', {
        name: ['სახელი დაკავებულია.'],
      });
    });
    render(<Harness send={send} />);
    await screen.findByRole('region', { name: personalDataNotice.title });
    await user.click(box());

    await user.click(screen.getByRole('button', { name: 'გაგზავნა' }));

    await waitFor(() => expect(screen.getByLabelText('სახელი')).toHaveFocus());
    expect(box()).toBeChecked();
    expect(screen.queryByText(strings.republished)).not.toBeInTheDocument();
  });
});
