import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

/**
 * Contract type codes (spec §9; v1.1 adds the personal-data notice, 3). The API spells the
 * parameter `contact_type`.
 */
export const ContractType = { loan: 1, registration: 2, personalData: 3 } as const;
export type ContractType = (typeof ContractType)[keyof typeof ContractType];

export const termsOfContractSchema = z.object({
  id: z.int(),
  contact_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string(),
  /** HTML from the CMS: render only through sanitizeHtml. */
  content: z.string(),
  version: z.string(),
  published_at: z.string(),
});
export type TermsOfContract = z.infer<typeof termsOfContractSchema>;

/** GET /api/cms/terms_of_contract/?contact_type=N: the provider lists versions; the first is current. */
export async function fetchTermsOfContract(
  type: ContractType,
  signal?: AbortSignal,
): Promise<TermsOfContract | null> {
  const list = await requestJson(z.array(termsOfContractSchema), {
    method: 'GET',
    url: '/api/cms/terms_of_contract/',
    params: { contact_type: type },
    signal,
  });
  return list[0] ?? null;
}

/** The current terms of one contract type, cached for the page (CMS content changes rarely). */
export function termsOfContractQuery(type: ContractType) {
  return queryOptions({
    queryKey: ['cms', 'terms-of-contract', type] as const,
    queryFn: ({ signal }) => fetchTermsOfContract(type, signal),
  });
}
