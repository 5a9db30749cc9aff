import { HttpResponse, http } from 'msw';
import { questionAnswers } from 'shared/testing/fixtures';
import { mswServer } from 'shared/testing/msw-server';
import { fetchQuestionAnswers } from './question-answer';

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

  it('rejects an answer with a missing question as breaking the contract', async () => {
    mswServer.use(
      http.get('*/api/cms/question_answer/', () =>
        HttpResponse.json([{ id: 1, answer: '<p>…</p>', order: 1 }]),
      ),
    );
    await expect(fetchQuestionAnswers()).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});
