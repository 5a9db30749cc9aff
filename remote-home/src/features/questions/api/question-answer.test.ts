import { HttpResponse, http } from 'msw';
import { questionAnswers } from 'shared/testing/fixtures';
import { mswServer } from 'shared/testing/msw-server';
import { fetchQuestionAnswers, type QuestionAnswer } from './question-answer';

describe('fetchQuestionAnswers', () => {
  it('returns the questions and answers from the CMS', async () => {
    await expect(fetchQuestionAnswers()).resolves.toEqual(questionAnswers);
  });

  it('sorts the questions by their CMS order whatever order they arrive in', async () => {
    mswServer.use(
      http.get('*/api/cms/question_answer/', () =>
        HttpResponse.json([...questionAnswers].reverse()),
      ),
    );
    const result = await fetchQuestionAnswers();
    expect(result.map((item) => item.id)).toEqual([1, 2]);
  });

  it('leaves out an item with a missing question and keeps the others', async () => {
    const [first, second] = questionAnswers as [QuestionAnswer, QuestionAnswer];
    mswServer.use(
      http.get('*/api/cms/question_answer/', () =>
        HttpResponse.json([second, { id: 7, answer: '<p>…</p>', order: 1 }, first]),
      ),
    );
    await expect(fetchQuestionAnswers()).resolves.toEqual([first, second]);
  });

  it('rejects an answer that is not a list as breaking the contract', async () => {
    mswServer.use(
      http.get('*/api/cms/question_answer/', () =>
        HttpResponse.json({ id: 1, question: '?', answer: '<p>…</p>', order: 1 }),
      ),
    );
    await expect(fetchQuestionAnswers()).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});
