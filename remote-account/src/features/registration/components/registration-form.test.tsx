import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { ka } from 'shared/strings/ka';
import { personalDataNotice, registrationTerms } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaAccount } from '../../../lib/ka-account';
import { kaValidation } from '../../../lib/ka-validation';
import { kaRegistration } from '../ka-registration';
import { todayInGeorgia } from '../lib/birth-date';
import { validRegistration } from '../testing/valid-registration';
import { RegistrationForm } from './registration-form';

type User = ReturnType<typeof userEvent.setup>;

const labels = {
  personal_number: kaAccount.personalNumber,
  first_name: kaRegistration.firstName,
  last_name: kaRegistration.lastName,
  birth_date: kaRegistration.birthDate,
  phone_number: kaRegistration.phone,
  email: kaRegistration.email,
  password: kaAccount.password,
  password_confirm: kaRegistration.passwordConfirm,
} as const;
type TextField = keyof typeof labels;

const valid: Record<TextField, string> = validRegistration;

/** Born on 1 January seventeen years ago (Georgian calendar): under 18 whatever today is. */
const minorBirthDate = () => `${Number(todayInGeorgia().slice(0, 4)) - 17}-01-01`;

function renderForm() {
  const onLogin = vi.fn();
  render(
    <MemoryRouter>
      <RegistrationForm onLogin={onLogin} />
    </MemoryRouter>,
  );
  return { onLogin };
}

/** The form once its terms have loaded: the boxes to tick are there. */
async function showForm() {
  const view = renderForm();
  await screen.findByRole('region', { name: registrationTerms.title });
  return view;
}

const field = (name: TextField) => screen.getByLabelText(labels[name]);
const acceptBox = () => screen.getByRole('checkbox', { name: kaRegistration.termsAccept });
const consentBox = () => screen.getByRole('checkbox', { name: kaRegistration.personalDataAccept });
const submitButton = () => screen.getByRole('button', { name: kaRegistration.submit });

async function fill(user: User, values: Partial<Record<TextField, string>>) {
  for (const [name, value] of Object.entries(values) as [TextField, string][]) {
    const input = field(name);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

/** Fills in `values` and ticks the terms and the personal-data boxes: ready to send. */
async function fillAndAccept(user: User, values: Partial<Record<TextField, string>> = valid) {
  await fill(user, values);
  await user.click(acceptBox());
  await user.click(consentBox());
}

/** Each field still holds what was typed into it. */
function expectFieldsToHold(values: Record<TextField, string>) {
  for (const [name, value] of Object.entries(values) as [TextField, string][]) {
    expect(field(name)).toHaveValue(value);
  }
}

/** Answers the registration terms (contact_type 2) as `resolver` says; other types as usual. */
function registrationTermsAnswer(resolver: () => Response | Promise<Response>, once = false) {
  mswServer.use(
    http.get(
      '*/api/cms/terms_of_contract/',
      ({ request }) =>
        new URL(request.url).searchParams.get('contact_type') === '2' ? resolver() : undefined,
      { once },
    ),
  );
}

/** Records each registration request's fields; answers as `answer` says (201 by default). */
function watchRegistrations(
  answer: () => Response = () => HttpResponse.json({ id: 43 }, { status: 201 }),
) {
  const sent: { contentType: string | null; fields: [string, FormDataEntryValue][] }[] = [];
  mswServer.use(
    http.post('*/api/user/register/', async ({ request }) => {
      sent.push({
        contentType: request.headers.get('Content-Type'),
        fields: [...(await request.formData()).entries()],
      });
      return answer();
    }),
  );
  return sent;
}

/** The provider refuses every registration with these messages, as a 400. */
function refuseRegistrations(messages: Record<string, string[]>) {
  return watchRegistrations(() => HttpResponse.json(messages, { status: 400 }));
}

describe('the registration form', () => {
  it('shows the current registration terms, sanitised, with a box to accept them', async () => {
    registrationTermsAnswer(() =>
      HttpResponse.json([
        {
          ...registrationTerms,
          content:
            '<p>პირობის ტექსტი</p><img src="/media/terms/seal.png" onerror="window.__xss = true">',
        },
        { ...registrationTerms, id: 6, title: 'ძველი პირობები' },
      ]),
    );
    renderForm();

    const terms = await screen.findByRole('region', { name: registrationTerms.title });
    expect(within(terms).getByText('პირობის ტექსტი')).toBeInTheDocument();
    expect(terms.querySelector('img[src="/media/terms/seal.png"]')).not.toHaveAttribute('onerror');
    expect(screen.queryByText('ძველი პირობები')).not.toBeInTheDocument();
    expect(acceptBox()).not.toBeChecked();
    expect(submitButton()).toBeEnabled();
  });

  it('asks for every field when the form is sent empty, and puts the cursor in the first', async () => {
    const user = userEvent.setup();
    const sent = watchRegistrations();
    await showForm();

    await user.click(submitButton());

    for (const name of [
      'first_name',
      'last_name',
      'birth_date',
      'email',
      'password_confirm',
    ] as const) {
      expect(field(name)).toHaveAccessibleDescription(
        expect.stringContaining(kaAccount.requiredField),
      );
    }
    expect(field('personal_number')).toHaveAccessibleDescription(
      expect.stringContaining(kaAccount.personalNumberInvalid),
    );
    expect(field('phone_number')).toHaveAccessibleDescription(
      expect.stringContaining(kaAccount.requiredField),
    );
    expect(field('password')).toHaveAccessibleDescription(
      expect.stringContaining(kaAccount.requiredField),
    );
    expect(acceptBox()).toHaveAccessibleDescription(kaRegistration.termsRequired);
    expect(acceptBox()).toHaveAttribute('aria-invalid', 'true');
    expect(field('personal_number')).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('checks each field by the contract’s rules, keeping what was typed', async () => {
    const user = userEvent.setup();
    const sent = watchRegistrations();
    await showForm();
    const wrong = {
      personal_number: '0100105432',
      first_name: 'გიორგი',
      last_name: 'კაპანაძე',
      birth_date: '1850-01-01',
      phone_number: '499123456',
      email: 'giorgi@example',
      password: 'Parolebi',
      password_confirm: 'Parol1235',
    };
    await fillAndAccept(user, wrong);

    await user.click(submitButton());

    const expectError = (name: TextField, message: string) =>
      expect(field(name)).toHaveAccessibleDescription(expect.stringContaining(message));
    expectError('personal_number', kaAccount.personalNumberInvalid);
    expectError('birth_date', kaRegistration.birthDateInvalid);
    expectError('phone_number', kaAccount.phoneInvalid);
    expectError('email', kaAccount.emailInvalid);
    expectError('password', kaAccount.passwordInvalid);
    expectError('password_confirm', kaValidation.passwordMismatch);
    expect(field('first_name')).not.toHaveAttribute('aria-invalid');
    expect(field('personal_number')).toHaveFocus();
    expectFieldsToHold(wrong);
    expect(sent).toHaveLength(0);
  });

  it('refuses a customer under 18 and a name longer than the provider keeps', async () => {
    const user = userEvent.setup();
    const sent = watchRegistrations();
    await showForm();
    await fill(user, { ...valid, last_name: '', birth_date: minorBirthDate() });
    await user.click(field('last_name'));
    await user.paste('ა'.repeat(151));
    await user.click(acceptBox());
    await user.click(consentBox());

    await user.click(submitButton());

    expect(field('birth_date')).toHaveAccessibleDescription(
      expect.stringContaining(kaRegistration.underage),
    );
    expect(field('last_name')).toHaveAccessibleDescription(kaValidation.nameTooLong);
    expect(field('last_name')).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('will not register until the terms are accepted', async () => {
    const user = userEvent.setup();
    const sent = watchRegistrations();
    await showForm();
    await fill(user, valid);

    await user.click(submitButton());

    expect(acceptBox()).toHaveAccessibleDescription(kaRegistration.termsRequired);
    expect(acceptBox()).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('sends every field and the accepted terms’ id as a multipart form', async () => {
    const user = userEvent.setup();
    const sent = watchRegistrations();
    await showForm();
    // Written as people write it: the contract's 9 digits are what is sent.
    await fillAndAccept(user, { ...valid, phone_number: '599 12 34 56' });

    await user.click(submitButton());

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(Object.fromEntries(sent[0]?.fields ?? [])).toEqual({
      ...valid,
      terms_of_contract: String(registrationTerms.id),
      personal_data_consent: String(personalDataNotice.id),
      // Not asked for, not given.
      marketing_consent: 'false',
    });
    expect(sent[0]?.fields).toHaveLength(11);
  });

  it('offers marketing in a box of its own, unticked and optional, and sends what the customer chose', async () => {
    const user = userEvent.setup();
    const sent = watchRegistrations();
    await showForm();
    const marketing = screen.getByRole('checkbox', { name: kaRegistration.marketingAccept });
    expect(marketing).not.toBeChecked();
    expect(screen.getByRole('group', { name: kaRegistration.marketing })).toContainElement(
      marketing,
    );
    await fillAndAccept(user);
    await user.click(marketing);

    await user.click(submitButton());

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.fromEntries(sent[0]?.fields ?? [])).toMatchObject({ marketing_consent: 'true' });
  });

  it('shows the provider’s field messages on their fields and loses nothing typed', async () => {
    const user = userEvent.setup();
    refuseRegistrations({
      personal_number: ['ამ პირადი ნომრით მომხმარებელი უკვე არსებობს.'],
      password_confirm: ['პაროლები არ ემთხვევა.'],
    });
    await showForm();
    await fillAndAccept(user);

    await user.click(submitButton());

    await waitFor(() =>
      expect(field('personal_number')).toHaveAccessibleDescription(
        expect.stringContaining('ამ პირადი ნომრით მომხმარებელი უკვე არსებობს.'),
      ),
    );
    expect(field('password_confirm')).toHaveAccessibleDescription('პაროლები არ ემთხვევა.');
    expect(field('personal_number')).toHaveFocus();
    // Every message has its field, so no form-level alert repeats one.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expectFieldsToHold(valid);
    expect(acceptBox()).toBeChecked();
    expect(consentBox()).toBeChecked();
  });

  it('shows terms published while the form was open, to be accepted afresh', async () => {
    const user = userEvent.setup();
    const newTerms = { ...registrationTerms, id: 9, title: 'განახლებული პირობები', version: '2.2' };
    let answers = 0;
    const sent = watchRegistrations(() =>
      ++answers === 1
        ? HttpResponse.json(
            { terms_of_contract: ['დაეთანხმეთ რეგისტრაციის მოქმედ პირობებს.'] },
            { status: 400 },
          )
        : HttpResponse.json({ id: 43 }, { status: 201 }),
    );
    await showForm();
    await fillAndAccept(user);
    // Held, so the reload is seen to replace the old box before the new terms arrive.
    const published = createGate();
    registrationTermsAnswer(async () => {
      await published.passed();
      return HttpResponse.json([newTerms]);
    });

    await user.click(submitButton());

    await waitFor(() =>
      expect(
        screen.queryByRole('checkbox', { name: kaRegistration.termsAccept }),
      ).not.toBeInTheDocument(),
    );
    published.open();
    expect(await screen.findByRole('region', { name: newTerms.title })).toBeVisible();
    expect(acceptBox()).not.toBeChecked();
    expect(acceptBox()).toHaveFocus();
    expect(acceptBox()).toHaveAccessibleDescription('დაეთანხმეთ რეგისტრაციის მოქმედ პირობებს.');
    expect(screen.getByText(kaRegistration.termsRepublished)).toBeVisible();
    expect(field('email')).toHaveValue(valid.email);
    expect(consentBox()).toBeChecked();

    await user.click(acceptBox());
    await user.click(submitButton());

    expect(await screen.findByRole('status')).toHaveTextContent(kaRegistration.done);
    expect(sent).toHaveLength(2);
    expect(Object.fromEntries(sent[1]?.fields ?? [])).toMatchObject({ terms_of_contract: '9' });
  });

  it('shows the personal-data notice apart from the terms, with its own unticked box', async () => {
    renderForm();

    const notice = await screen.findByRole('group', { name: kaRegistration.personalData });
    expect(
      await within(notice).findByRole('region', { name: personalDataNotice.title }),
    ).toHaveTextContent('თანხმობის გამოხმობა ნებისმიერ დროს შეგიძლიათ.');
    expect(within(notice).getByRole('checkbox')).toBe(consentBox());
    expect(consentBox()).not.toBeChecked();
    const terms = screen.getByRole('group', { name: ka.terms.registration });
    expect(within(terms).queryByRole('checkbox', { name: kaRegistration.personalDataAccept })).toBe(
      null,
    );
  });

  it('will not register without consent to the personal-data processing', async () => {
    const user = userEvent.setup();
    const sent = watchRegistrations();
    renderForm();
    await screen.findByRole('region', { name: personalDataNotice.title });
    await fill(user, valid);
    await user.click(acceptBox());

    await user.click(submitButton());

    expect(consentBox()).toHaveAccessibleDescription(kaRegistration.personalDataRequired);
    expect(consentBox()).toHaveAttribute('aria-invalid', 'true');
    expect(consentBox()).toHaveFocus();
    expect(acceptBox()).toBeChecked();
    expect(sent).toHaveLength(0);
  });

  it('shows a notice republished while the form was open, to be consented to afresh', async () => {
    const user = userEvent.setup();
    const newNotice = { ...personalDataNotice, id: 13, title: 'განახლებული შეტყობინება' };
    // The provider as it is: it accepts the current notice's id only.
    const sent = watchRegistrations();
    mswServer.use(
      http.post('*/api/user/register/', async ({ request }) => {
        const fields = [...(await request.formData()).entries()];
        sent.push({ contentType: request.headers.get('Content-Type'), fields });
        return Object.fromEntries(fields).personal_data_consent === String(newNotice.id)
          ? HttpResponse.json({ id: 43 }, { status: 201 })
          : HttpResponse.json(
              { personal_data_consent: ['დაეთანხმეთ მოქმედ შეტყობინებას.'] },
              { status: 400 },
            );
      }),
    );
    renderForm();
    await screen.findByRole('region', { name: personalDataNotice.title });
    await fillAndAccept(user);
    const published = createGate();
    mswServer.use(
      http.get('*/api/cms/terms_of_contract/', async ({ request }) => {
        if (new URL(request.url).searchParams.get('contact_type') !== '3') return undefined;
        await published.passed();
        return HttpResponse.json([newNotice, personalDataNotice]);
      }),
    );

    await user.click(submitButton());

    await waitFor(() =>
      expect(
        screen.queryByRole('checkbox', { name: kaRegistration.personalDataAccept }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByText(kaRegistration.personalDataRepublished)).toBeVisible();
    expect(submitButton()).toBeDisabled();
    published.open();
    expect(await screen.findByRole('region', { name: newNotice.title })).toBeVisible();
    expect(consentBox()).not.toBeChecked();
    expect(consentBox()).toHaveFocus();
    expect(consentBox()).toHaveAccessibleDescription('დაეთანხმეთ მოქმედ შეტყობინებას.');
    expectFieldsToHold(valid);
    expect(acceptBox()).toBeChecked();

    await user.click(consentBox());
    expect(screen.queryByText(kaRegistration.personalDataRepublished)).not.toBeInTheDocument();
    await user.click(submitButton());

    expect(await screen.findByRole('status')).toHaveTextContent(kaRegistration.done);
    expect(sent).toHaveLength(2);
    expect(Object.fromEntries(sent[1]?.fields ?? [])).toMatchObject({
      terms_of_contract: String(registrationTerms.id),
      personal_data_consent: String(newNotice.id),
    });
  });

  it('shows a message that belongs to no field above the form', async () => {
    const user = userEvent.setup();
    refuseRegistrations({ non_field_errors: ['რეგისტრაცია დროებით შეჩერებულია.'] });
    await showForm();
    await fillAndAccept(user);

    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('რეგისტრაცია დროებით შეჩერებულია.');
    expect(field('personal_number')).toHaveValue(valid.personal_number);
  });

  it('says registration is complete and offers the login for the new personal number', async () => {
    const user = userEvent.setup();
    watchRegistrations();
    const { onLogin } = await showForm();
    await fillAndAccept(user);

    await user.click(submitButton());

    expect(await screen.findByRole('status')).toHaveTextContent(kaRegistration.done);
    expect(screen.queryByLabelText(labels.password)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: kaRegistration.loginNow }));
    expect(onLogin).toHaveBeenCalledWith(valid.personal_number);
  });

  it('cannot be sent while the terms fail to load, and keeps what was typed through a retry', async () => {
    const user = userEvent.setup();
    registrationTermsAnswer(() => new HttpResponse(null, { status: 503 }), true);
    const sent = watchRegistrations();
    renderForm();

    expect(await screen.findByRole('alert')).toHaveTextContent(ka.terms.error);
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(kaRegistration.termsBlocked);
    expect(
      screen.queryByRole('checkbox', { name: kaRegistration.termsAccept }),
    ).not.toBeInTheDocument();
    await fill(user, { personal_number: valid.personal_number, first_name: valid.first_name });

    await user.click(screen.getByRole('button', { name: ka.common.retry }));

    expect(await screen.findByRole('region', { name: registrationTerms.title })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field('personal_number')).toHaveValue(valid.personal_number);
    expect(field('first_name')).toHaveValue(valid.first_name);
    expect(submitButton()).toBeEnabled();
    expect(sent).toHaveLength(0);
  });

  it('offers the browser’s helpers for each field', async () => {
    await showForm();
    expect(field('personal_number')).toHaveAttribute('inputmode', 'numeric');
    expect(field('first_name')).toHaveAttribute('autocomplete', 'given-name');
    expect(field('last_name')).toHaveAttribute('autocomplete', 'family-name');
    expect(field('birth_date')).toHaveAttribute('type', 'date');
    expect(field('birth_date')).toHaveAttribute('autocomplete', 'bday');
    expect(field('phone_number')).toHaveAttribute('autocomplete', 'tel-national');
    expect(field('phone_number')).toHaveAttribute('inputmode', 'numeric');
    expect(field('email')).toHaveAttribute('autocomplete', 'email');
    expect(field('password')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('password_confirm')).toHaveAttribute('autocomplete', 'new-password');
  });
});
