import { setupServer } from 'msw/node';
import { cmsHandlers } from './handlers/cms';
import { loanHandlers } from './handlers/loan';
import { notificationHandlers } from './handlers/notifications';
import { userHandlers } from './handlers/user';

/** One mock provider for every slice's tests, built from the per-area handler lists. */
export const mswServer = setupServer(
  ...cmsHandlers,
  ...loanHandlers,
  ...userHandlers,
  ...notificationHandlers,
);
