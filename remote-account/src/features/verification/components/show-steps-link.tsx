import type { MouseEvent, ReactNode } from 'react';
import { kaVerification } from '../ka-verification';
import { VERIFICATION_TITLE_ID } from '../lib/steps-title-id';

/**
 * The account panel's way to the verification steps, which live on the home page: there the
 * panel closes (`onShowSteps`) and the steps' heading takes focus; anywhere else the link
 * opens the home page at the steps. The summary and the notification choices (an unverified
 * contact gets nothing) both offer it, the choices naming the contact to verify.
 */
export function ShowStepsLink({
  onShowSteps,
  children = kaVerification.summary.showSteps,
}: {
  onShowSteps: () => void;
  children?: ReactNode;
}) {
  const showSteps = (event: MouseEvent<HTMLAnchorElement>) => {
    const heading = document.getElementById(VERIFICATION_TITLE_ID);
    if (!heading) return;
    event.preventDefault();
    heading.focus();
    onShowSteps();
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: it is a link to a section of the home page; on that page the click only closes the panel and moves focus there too.
    <a href="/#verification" onClick={showSteps}>
      {children}
    </a>
  );
}
