import { useEffect, useRef } from 'react';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { kaRegistration } from '../ka-registration';
import styles from './registration.module.css';

/** After registering: the customer is still logged out, and is offered the login form. */
export function RegistrationDone({ onLogin }: { onLogin: () => void }) {
  const message = useRef<HTMLDivElement>(null);

  // The form that had focus is gone: the news takes it, so screen readers read it out.
  useEffect(() => {
    message.current?.focus();
  }, []);

  return (
    <div className={styles.done}>
      <div ref={message} tabIndex={-1}>
        <Alert tone="success">{kaRegistration.done}</Alert>
      </div>
      <Button onClick={onLogin}>{kaRegistration.loginNow}</Button>
    </div>
  );
}
