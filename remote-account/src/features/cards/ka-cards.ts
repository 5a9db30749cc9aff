/** The account slice's words for the customer's saved cards (contract v1.3), in Georgian. */
export const kaCards = {
  title: 'შენახული ბარათები',
  loading: 'ბარათები იტვირთება…',
  loadError: 'შენახული ბარათების ჩატვირთვა ვერ მოხერხდა.',
  brand: { visa: 'Visa', mastercard: 'Mastercard' },
  /** Read aloud instead of the dots: "Visa, ending in 1111". */
  endingIn: '{brand}, ბოლო ციფრები {last4}',
  expires: 'მოქმედია {expires}-მდე',
  /** The expiry read aloud: "valid until December 2028". */
  expiresSpoken: 'მოქმედების ვადა: {month}',
  empty: 'შენახული ბარათი არ გაქვთ.',
  howToSave: 'ბარათი ინახება, როცა სესხს ბარათით იხდით და მონიშნავთ „ბარათის შენახვას“.',
  remove: 'წაშლა',
  removeCard: 'წაშლა: {card}',
  confirmQuestion: 'წავშალოთ ბარათი {card}?',
  confirmAutopay: 'თუ ამ ბარათით სესხის ავტომატური გადახდაა ჩართული, ის გამოირთვება.',
  confirmRemove: 'დიახ, წაშალეთ',
  cancel: 'გაუქმება',
  removing: 'იშლება…',
  removed: 'ბარათი {card} წაიშალა.',
  removeFailed: 'ბარათი ვერ წაიშალა. სცადეთ ხელახლა.',
} as const;
