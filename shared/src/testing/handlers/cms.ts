import { HttpResponse, http } from 'msw';
import {
  loanTerms,
  otherProviderQuestionAnswers,
  otherProviderSlides,
  personalDataNotice,
  questionAnswers,
  registrationTerms,
  slides,
} from '../fixtures';

/** The provider's CMS area, as the contract describes it. */
export const cmsHandlers = [
  http.get('*/api/cms/slider/', () => HttpResponse.json(slides)),
  http.get('*/api/cms/question_answer/', () => HttpResponse.json(questionAnswers)),
  http.get('*/api/cms/terms_of_contract/', ({ request }) => {
    const type = new URL(request.url).searchParams.get('contact_type');
    if (type === '1') return HttpResponse.json([loanTerms]);
    if (type === '2') return HttpResponse.json([registrationTerms]);
    if (type === '3') return HttpResponse.json([personalDataNotice]);
    return HttpResponse.json({ contact_type: ['არასწორი მნიშვნელობა.'] }, { status: 400 });
  }),
];

/**
 * The CMS of another provider that follows the contract in shapes the sandbox never uses
 * (fixtures' `otherProvider…`): `mswServer.use(...otherProviderCmsHandlers)` in a test, with
 * `setProviderSite(otherProviderSite)` for its absolute image addresses.
 */
export const otherProviderCmsHandlers = [
  http.get('*/api/cms/slider/', () => HttpResponse.json(otherProviderSlides)),
  http.get('*/api/cms/question_answer/', () => HttpResponse.json(otherProviderQuestionAnswers)),
];
