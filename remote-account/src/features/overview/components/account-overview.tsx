import { useAuthStore } from 'shared/auth/auth-store';
import { ka } from 'shared/strings/ka';
import { ProfileSection } from '../../profile/components/profile-section';
import { VerificationPanel } from '../../verification/components/verification-panel';
import styles from './account-overview.module.css';

/**
 * The logged-in customer's account on the home page: where verification stands (and the
 * steps left), then the profile. Renders nothing for a visitor.
 */
export default function AccountOverview() {
  const loggedIn = useAuthStore((state) => state.status === 'logged-in');

  if (!loggedIn) return null;
  return (
    <section className={styles.overview} aria-labelledby="account-overview-title">
      <h2 id="account-overview-title" className={styles.title}>
        {ka.accountOverview.title}
      </h2>
      <div className={styles.columns}>
        <VerificationPanel />
        <ProfileSection />
      </div>
    </section>
  );
}
