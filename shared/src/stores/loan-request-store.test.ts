import { useLoanRequestStore } from './loan-request-store';

describe('the loan request store', () => {
  it('starts empty', () => {
    expect(useLoanRequestStore.getState()).toMatchObject({
      draft: null,
      request: null,
      applyAfterLogin: false,
    });
  });

  it('keeps a visitor’s choice for after the login, then hands it over', () => {
    const choice = { amount: '1500.00', term: 6 };
    useLoanRequestStore.getState().holdUntilLogin(choice);
    expect(useLoanRequestStore.getState()).toMatchObject({
      draft: choice,
      request: null,
      applyAfterLogin: true,
    });

    useLoanRequestStore.getState().submitRequest(choice);
    expect(useLoanRequestStore.getState()).toMatchObject({
      draft: choice,
      request: choice,
      applyAfterLogin: false,
    });
  });

  it('forgets the request but keeps the calculator’s draft when the application is done', () => {
    const choice = { amount: '900.00', term: 3 };
    useLoanRequestStore.getState().submitRequest(choice);
    useLoanRequestStore.getState().clearRequest();
    expect(useLoanRequestStore.getState()).toMatchObject({ draft: choice, request: null });
  });
});
