/** The account slice's words for a customer's consents (contract v1.2), in Georgian. */
export const kaConsents = {
  title: 'თანხმობები',
  loading: 'თანხმობები იტვირთება…',
  loadError: 'თანხმობების ჩატვირთვა ვერ მოხერხდა.',
  kind: {
    terms: 'ხელშეკრულების პირობები',
    personal_data: 'პერსონალური მონაცემების დამუშავება',
    marketing: 'მარკეტინგული შეტყობინებები',
  },
  document: '„{title}“, ვერსია {version}',
  registeredBefore: 'რეგისტრაციისას მიღებული პირობები',
  givenAt: 'თანხმობა გაცემულია {date}',
  withdrawnAt: 'თანხმობა გამოთხოვილია {date}',
  notGiven: 'თანხმობა არ არის გაცემული',
  marketingAccept:
    'თანახმა ვარ, მივიღო შეთავაზებები და სიახლეები ელ-ფოსტით და SMS-ით. თანხმობის გამოთხოვა ნებისმიერ დროს შეგიძლიათ.',
  marketingGiven: 'მარკეტინგულ შეტყობინებებზე თანხმობა გაცემულია.',
  marketingWithdrawn: 'მარკეტინგულ შეტყობინებებზე თანხმობა გამოთხოვილია.',
  marketingSaving: 'ინახება…',
  marketingFailed: 'ცვლილება ვერ შეინახა. სცადეთ ხელახლა.',
  personalDataWithdraw:
    'ამ თანხმობის გამოთხოვა ნიშნავს ანგარიშის დახურვას. ამისთვის გამოგვიგზავნეთ საჩივარი თემით „პერსონალური მონაცემები“.',
  personalDataWithdrawLink: 'საჩივრის დაწერა',
} as const;
