import { useEffect } from 'react';
import { ContractType } from 'shared/api/cms/terms-of-contract';
import { ka } from 'shared/strings/ka';
import { kaHost } from '../../words/ka-host';
import styles from './pages.module.css';
import { TermsSection } from './terms-section';

/**
 * Static content: the registration and loan contract terms and the personal-data notice (v1.1)
 * from the CMS, so a customer can read each again after accepting it.
 */
export function Component() {
  useEffect(() => {
    document.title = `${kaHost.terms.title} · ${kaHost.brand}`;
  }, []);
  return (
    <div className={styles.terms}>
      <h1 className={styles.documentTitle}>{kaHost.terms.title}</h1>
      <TermsSection type={ContractType.registration} heading={ka.terms.registration} />
      <TermsSection type={ContractType.loan} heading={kaHost.terms.loan} />
      <TermsSection type={ContractType.personalData} heading={kaHost.terms.personalData} />
    </div>
  );
}
