import styles from './site-frame.module.css';

/*
 * The shell's two icons, drawn: as the ☰ and ✕ characters they are no glyphs of the brand font
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

/** A cross: the side bar's and the session notice's close buttons. */
export function CloseIcon() {
  return (
    <svg className={styles.closeIcon} aria-hidden="true" focusable="false" viewBox="0 0 16 16">
      <path d="M2 2l12 12M14 2L2 14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
