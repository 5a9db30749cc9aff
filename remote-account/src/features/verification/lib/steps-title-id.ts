/**
 * The id of the home page's verification heading (one section per page): the account panel's
 * summary focuses it, without importing the steps and their forms.
 */
export const VERIFICATION_TITLE_ID = 'verification-steps-title';
