import { createContext } from 'react';

/**
 * Whether the page is rendered for a customer, on the server (issue 29): the host provides it
 * for a customer's page it renders with their data. The auth store is the browser's — on the
 * server it knows no session, and one store shared by every render could not know whose it
 * is — so `useLoggedIn` reads this first, and the store where it is not provided.
 */
export const ServerLoggedInContext = createContext<boolean | undefined>(undefined);
