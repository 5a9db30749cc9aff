import styles from './site-frame.module.css';

/*
 * The shell's icons, drawn: as the ☰ and ✕ characters they are no glyphs of the brand font
 * (shared/styles/fonts.css), so each device drew them its own way. Their buttons carry the words
 * (aria-label); the drawings are hidden from assistive technology.
 */

/** Three bars: the phone menu's button. */
export function MenuIcon() {
  return (
    <svg className={styles.menuIcon} aria-hidden="true" focusable="false" viewBox="0 0 20 16">
      <path
        d="M1 2h18M1 8h18M1 14h18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A bell: the header's notifications button. */
export function BellIcon() {
  return (
    <svg className={styles.bellIcon} aria-hidden="true" focusable="false" viewBox="0 0 20 20">
      <path
        d="M10 2a5 5 0 0 0-5 5v3.5L3 14h14l-2-3.5V7a5 5 0 0 0-5-5zM8 16.5a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A cross: the side bar's and the session notice's close buttons. */
export function CloseIcon() {
  return (
    <svg className={styles.closeIcon} aria-hidden="true" focusable="false" viewBox="0 0 16 16">
      <path d="M2 2l12 12M14 2L2 14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
