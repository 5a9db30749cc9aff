import { HttpResponse, http } from 'msw';
import { loanTerms, personalDataNotice, registrationTerms } from '../../testing/fixtures';
import { mswServer } from '../../testing/msw-server';
import { ContractType, fetchTermsOfContract } from './terms-of-contract';

describe('fetchTermsOfContract', () => {
  it('asks for the registration terms with contact_type=2', async () => {
    await expect(fetchTermsOfContract(ContractType.registration)).resolves.toEqual(
      registrationTerms,
    );
  });

  it('asks for the loan contract terms with contact_type=1', async () => {
    await expect(fetchTermsOfContract(ContractType.loan)).resolves.toEqual(loanTerms);
  });

  it('asks for the personal-data notice with contact_type=3 (v1.1)', async () => {
    await expect(fetchTermsOfContract(ContractType.personalData)).resolves.toEqual(
      personalDataNotice,
    );
  });

  it('sends the contract type as the contact_type query parameter', async () => {
    const seen: URL[] = [];
    mswServer.use(
      http.get('*/api/cms/terms_of_contract/', ({ request }) => {
        seen.push(new URL(request.url));
        return HttpResponse.json([loanTerms]);
      }),
    );
    await fetchTermsOfContract(ContractType.loan);
    expect(seen[0]?.searchParams.get('contact_type')).toBe('1');
  });

  it('returns the first listed version as the current terms', async () => {
    const older = { ...loanTerms, id: 5, version: '2.0' };
    mswServer.use(
      http.get('*/api/cms/terms_of_contract/', () => HttpResponse.json([loanTerms, older])),
    );
    await expect(fetchTermsOfContract(ContractType.loan)).resolves.toMatchObject({
      id: 8,
      version: '3.0',
    });
  });

  it('returns null when no terms are published', async () => {
    mswServer.use(http.get('*/api/cms/terms_of_contract/', () => HttpResponse.json([])));
    await expect(fetchTermsOfContract(ContractType.registration)).resolves.toBeNull();
  });

  it('rejects an unknown contract type in the answer as breaking the contract', async () => {
    mswServer.use(
      http.get('*/api/cms/terms_of_contract/', () =>
        HttpResponse.json([{ ...loanTerms, contact_type: 4 }]),
      ),
    );
    await expect(fetchTermsOfContract(ContractType.loan)).rejects.toMatchObject({
      kind: 'invalid-answer',
    });
  });
});
