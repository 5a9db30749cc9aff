-- v1.1: the personal-data notice (contact_type 3) and who consented to which one, and loans
-- that close (repaid or withdrawn) with the penalty a partial payment leaves carried.
ALTER TABLE terms_of_contract DROP CONSTRAINT IF EXISTS terms_of_contract_contact_type_check;
ALTER TABLE terms_of_contract
  ADD CONSTRAINT terms_of_contract_contact_type_check CHECK (contact_type IN (1, 2, 3));
ALTER TABLE users ADD COLUMN personal_data_consent_id integer REFERENCES terms_of_contract (id);
ALTER TABLE users ADD COLUMN personal_data_consented_at timestamptz;
ALTER TABLE loans ADD COLUMN closed_at timestamptz;
ALTER TABLE loans ADD COLUMN closed_as varchar(9) CHECK (closed_as IN ('repaid', 'withdrawn'));
ALTER TABLE loans ADD COLUMN penalty_carried numeric(12, 2) NOT NULL DEFAULT 0 CHECK (penalty_carried >= 0);
ALTER TABLE loans ADD CONSTRAINT loans_closed_both CHECK ((closed_at IS NULL) = (closed_as IS NULL));
-- Loans already repaid close at their last payment (a repaid loan without one cannot exist;
-- its issue time is only a guard).
UPDATE loans l
   SET closed_as = 'repaid',
       closed_at = COALESCE((SELECT max(p.paid_at) FROM payments p WHERE p.loan_id = l.id), l.issued_at)
 WHERE NOT EXISTS (SELECT 1 FROM loan_schedule s WHERE s.loan_id = l.id AND s.paid_amount < s.payment)
