import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { ka } from 'shared/strings/ka';
import { questionAnswers } from 'shared/testing/fixtures';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaHome } from '../../../ka-home';
import QuestionAnswers from './question-answers';

const [eligibility, documents] = questionAnswers as [
  (typeof questionAnswers)[0],
  (typeof questionAnswers)[0],
];

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/** The questions' disclosures (details elements, role group) inside the FAQ section. */
async function findDisclosures(): Promise<HTMLElement[]> {
  const section = screen.getByRole('region', { name: ka.home.faqTitle });
  await within(section).findByText(eligibility.question);
  return within(section).getAllByRole('group');
}

afterEach(() => {
  delete window.__xss;
});

describe('the questions and answers', () => {
  it('lists the questions in the CMS order as disclosures whose answers open on click', async () => {
    const user = userEvent.setup();
    // The CMS may send them in any order; `order` decides.
    mswServer.use(
      http.get('*/api/cms/question_answer/', () =>
        HttpResponse.json([...questionAnswers].reverse()),
      ),
    );
    render(<QuestionAnswers />);

    const disclosures = await findDisclosures();
    expect(disclosures).toHaveLength(2);
    const [first, second] = disclosures as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent(eligibility.question);
    expect(second).toHaveTextContent(documents.question);

    const answer = within(first).getByText('18 წლიდან');
    expect(answer).not.toBeVisible();
    await user.click(within(first).getByText(eligibility.question));
    expect(answer).toBeVisible();
    expect(answer.tagName).toBe('STRONG');
  });

  it('shows the answer HTML without any script from the CMS', async () => {
    const user = userEvent.setup();
    render(<QuestionAnswers />);

    const disclosures = await findDisclosures();
    const withScript = disclosures[1] as HTMLElement;
    await user.click(within(withScript).getByText(documents.question));

    expect(within(withScript).getByText('პირადობის მოწმობა.')).toBeVisible();
    expect(document.querySelector('script')).toBeNull();
    expect(window.__xss).toBeUndefined();
  });

  it('shows the provider’s images without their handlers, and no image from elsewhere', async () => {
    mswServer.use(
      http.get('*/api/cms/question_answer/', () =>
        HttpResponse.json([
          {
            ...eligibility,
            answer:
              '<p>ფოტო:</p><img src="/media/faq/id-card.png" alt="ნიმუში" onerror="window.__xss = true">' +
              '<img src="https://tracker.example/pixel.png" alt="თვალთვალი">',
          },
        ]),
      ),
    );
    render(<QuestionAnswers />);

    const image = await screen.findByRole('img', { name: 'ნიმუში', hidden: true });
    expect(image).toHaveAttribute('src', '/media/faq/id-card.png');
    expect(image).not.toHaveAttribute('onerror');
    expect(screen.queryByRole('img', { name: 'თვალთვალი', hidden: true })).toBeNull();
    expect(window.__xss).toBeUndefined();
  });

  it('shows the other questions when one item from the CMS is broken, without an error', async () => {
    mswServer.use(
      http.get('*/api/cms/question_answer/', () =>
        HttpResponse.json([documents, { id: 3, question: null, answer: '<p>…</p>' }, eligibility]),
      ),
    );
    render(<QuestionAnswers />);

    const disclosures = await findDisclosures();
    expect(disclosures).toHaveLength(2);
    expect(disclosures[0]).toHaveTextContent(eligibility.question);
    expect(disclosures[1]).toHaveTextContent(documents.question);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says no questions have been added when the CMS has none', async () => {
    mswServer.use(http.get('*/api/cms/question_answer/', () => HttpResponse.json([])));
    render(<QuestionAnswers />);

    expect(await screen.findByText(kaHome.faqEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the questions again', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get('*/api/cms/question_answer/', () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
    );
    render(<QuestionAnswers />);

    expect(await screen.findByRole('alert')).toHaveTextContent(kaHome.faqError);
    expect(screen.queryByText(eligibility.question)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ka.common.retry }));

    expect(await screen.findByText(eligibility.question)).toBeInTheDocument();
    expect(screen.getByText(documents.question)).toBeInTheDocument();
    expect(screen.queryByText(kaHome.faqError)).not.toBeInTheDocument();
  });
});
