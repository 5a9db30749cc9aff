import { ka } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import styles from '../styles/ui.module.css';

/** A part of the page whose data failed to load: what failed, and a retry that keeps the rest. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.loadError}>
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {ka.common.retry}
      </Button>
    </div>
  );
}
