import type { ApplicationStatus } from 'shared/api/user/user-details';

/**
 * Pending or approved: the provider has not finished with the application (approved waits to
 * be issued). The one rule for "an application is open", which the host's page and the loans
 * slice both follow. A module of its own so that a slice may use it before the host that
 * provides it is released (decision 019).
 */
export function isOpenApplicationStatus(status: ApplicationStatus | null | undefined): boolean {
  return status === 'pending' || status === 'approved';
}
