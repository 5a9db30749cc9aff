import type { User } from 'shared/api/user/user-details';
import { formatDate } from 'shared/lib/money';
import { formatPhone } from '../../../lib/format-phone';
import { kaAccount } from '../../../lib/ka-account';
import { kaProfile } from '../ka-profile';
import styles from './profile-details.module.css';

/** The customer's data as a definition list; read-only. */
export function ProfileDetails({ user }: { user: User }) {
  const p = kaProfile;
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
        <dt>{kaAccount.personalNumber}</dt>
        <dd>{user.personal_number}</dd>
      </div>
      <div className={styles.row}>
        <dt>{p.birthDate}</dt>
        <dd>{formatDate(user.birth_date)}</dd>
      </div>
      <div className={styles.row}>
        <dt>{p.email}</dt>
        <dd className={styles.contact}>
          <span className={styles.address}>{user.email}</span>
          <VerifiedMark verified={user.email_verified} />
        </dd>
      </div>
      <div className={styles.row}>
        <dt>{p.phone}</dt>
        <dd className={styles.contact}>
          <span>{formatPhone(user.phone_number)}</span>
          <VerifiedMark verified={user.phone_verified} />
        </dd>
      </div>
    </dl>
  );
}

/** Whether an e-mail or phone is verified, in words (colour only repeats them). */
function VerifiedMark({ verified }: { verified: boolean }) {
  return (
    <span className={verified ? styles.verified : styles.unverified}>
      {verified ? kaProfile.verified : kaProfile.notVerified}
    </span>
  );
}
