import { NotificationChoices } from '../features/notification-choices/components/notification-choices';
import { ShowStepsLink } from '../features/verification/components/show-steps-link';

/**
 * The notification choices in the account panel: an unverified contact's way to verify it is
 * the verification summary's own link to the steps, which closes the panel (`onShowSteps`).
 */
export function NotificationChoicesSection({ onShowSteps }: { onShowSteps: () => void }) {
  return (
    <NotificationChoices
      verifyLink={(label) => <ShowStepsLink onShowSteps={onShowSteps}>{label}</ShowStepsLink>}
    />
  );
}
