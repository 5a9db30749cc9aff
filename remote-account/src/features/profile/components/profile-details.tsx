import type { User } from 'shared/api/user/user-details';
import { formatDate } from 'shared/lib/money';
import { ka } from 'shared/strings/ka';
import { formatPhone } from '../../../lib/format-phone';
import styles from './profile-details.module.css';

/** The customer's data as a definition list; read-only. */
export function ProfileDetails({ user }: { user: User }) {
  const p = ka.profile;
  return (
    <dl className={styles.details}>
      <div className={styles.row}>
        <dt>{p.firstName}</dt>
        <dd>{user.first_name}</dd>
      </div>
      <div className={styles.row}>
        <dt>{p.lastName}</dt>
        <dd>{user.last_name}</dd>
      </div>
      <div className={styles.row}>
        <dt>{ka.account.personalNumber}</dt>
        <dd>{user.personal_number}</dd>
      </div>
      <div className={styles.row}>
        <dt>{p.birthDate}</dt>
        <dd>{formatDate(user.birth_date)}</dd>
      </div>
      <div className={styles.row}>
        <dt>{p.email}</dt>
        <dd className={styles.email}>
          <span className={styles.address}>{user.email}</span>
          <span className={user.email_verified ? styles.verified : styles.unverified}>
            {user.email_verified ? p.emailVerified : p.emailNotVerified}
          </span>
        </dd>
      </div>
      <div className={styles.row}>
        <dt>{p.phone}</dt>
        <dd>{formatPhone(user.phone_number)}</dd>
      </div>
    </dl>
  );
}
