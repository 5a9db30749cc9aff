import { type ProviderRead, readMismatches, unpairedCalls } from 'shared/testing/provider-contract';
import * as z from 'shared/validation/zod';
import { questionAnswerSchema } from './features/questions/api/question-answer';
import { slideSchema } from './features/slider/api/slider';

/**
 * Which of the slice's schemas reads which operation's answer (docs/provider-api.openapi.json).
 * The CMS's lists are read item by item, each with its item's schema.
 */
const READS: ProviderRead[] = [
  { operation: 'GET /api/cms/slider/', schema: z.array(slideSchema) },
  { operation: 'GET /api/cms/question_answer/', schema: z.array(questionAnswerSchema) },
];

describe("the home slice's answer schemas against the provider's document", () => {
  it.each(READS)('$operation', (read) => {
    expect(readMismatches(read)).toEqual([]);
  });

  it('pairs every provider call the slice makes with its schema', () => {
    expect(unpairedCalls(import.meta.dirname, READS)).toEqual([]);
  });
});
