import { useQueryClient } from '@tanstack/react-query';
import { accountKeys, invalidateAccount } from 'shared/query/account-queries';
import { useWrite } from 'shared/query/use-write';
import {
  type Application,
  type ApplicationInput,
  applicationsQuery,
  cancelApplication,
  createApplication,
} from '../api/applications';

/** The applications' cache, kept in one place: an answered application replaces its copy. */
function useStoreApplication() {
  const queryClient = useQueryClient();
  return (application: Application) =>
    queryClient.setQueryData(applicationsQuery.queryKey, (old = []) =>
      old.some((item) => item.id === application.id)
        ? old.map((item) => (item.id === application.id ? application : item))
        : [application, ...old],
    );
}

/**
 * Sending an application with the id of the terms accepted. The new one leads the list at
 * once (newest first) and the user data is asked again (it says an application is open).
 */
export function useCreateApplication() {
  const queryClient = useQueryClient();
  const store = useStoreApplication();
  return useWrite({
    mutationKey: ['loans', 'create-application'],
    mutationFn: (input: ApplicationInput & { terms_of_contract: number }) =>
      createApplication(input),
    onSuccess: (application) => {
      store(application);
      void queryClient.invalidateQueries({ queryKey: accountKeys.user });
    },
  });
}

/** Cancelling an open application; what it frees (the limit, the user data) is asked again. */
export function useCancelApplication(applicationId: number) {
  const store = useStoreApplication();
  return useWrite({
    mutationKey: ['loans', 'cancel-application', applicationId],
    mutationFn: () => cancelApplication(applicationId),
    onSuccess: (canceled) => {
      store(canceled);
      void invalidateAccount();
    },
  });
}
