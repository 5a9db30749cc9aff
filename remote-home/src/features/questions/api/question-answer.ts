import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/api-client';
import * as z from 'shared/validation/zod';

export const questionAnswerSchema = z.object({
  id: z.int(),
  question: z.string(),
  /** HTML from the CMS: render only through sanitizeHtml. */
  answer: z.string(),
  order: z.int(),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/** GET /api/cms/question_answer/: the home page's questions and answers, in order. */
export async function fetchQuestionAnswers(signal?: AbortSignal): Promise<QuestionAnswer[]> {
  const items = await requestJson(z.array(questionAnswerSchema), {
    method: 'GET',
    url: '/api/cms/question_answer/',
    signal,
  });
  return [...items].sort((a, b) => a.order - b.order);
}

export const questionAnswersQuery = queryOptions({
  queryKey: ['cms', 'question-answer'] as const,
  queryFn: ({ signal }) => fetchQuestionAnswers(signal),
});
