import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

export const questionAnswerSchema = z.object({
  id: z.int(),
  question: z.string(),
  /** HTML from the CMS: render only through sanitizeHtml. */
  answer: z.string(),
  order: z.int(),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/**
 * GET /api/cms/question_answer/: the home page's questions and answers, by their `order` (the
 * list itself has none). An item the CMS got wrong is left out, not the whole list with it; an
 * answer that is not a list still breaks the contract.
 */
export async function fetchQuestionAnswers(signal?: AbortSignal): Promise<QuestionAnswer[]> {
  const items = await requestJson(z.array(z.unknown()), {
    method: 'GET',
    url: '/api/cms/question_answer/',
    signal,
  });
  return items
    .flatMap((item) => {
      const parsed = questionAnswerSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => a.order - b.order);
}

export const questionAnswersQuery = queryOptions({
  queryKey: ['cms', 'question-answer'] as const,
  queryFn: ({ signal }) => fetchQuestionAnswers(signal),
});
