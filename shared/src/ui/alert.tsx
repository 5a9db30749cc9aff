import type { ReactNode } from 'react';
import styles from '../styles/ui.module.css';

type Tone = 'error' | 'success' | 'info';

const toneClass: Record<Tone, string | undefined> = {
  error: styles.alertError,
  success: styles.alertSuccess,
  info: styles.alertInfo,
};

/** Errors interrupt (role=alert); success and info wait their turn (role=status). */
export function Alert({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`${styles.alert} ${toneClass[tone]}`}
    >
      {children}
    </div>
  );
}
