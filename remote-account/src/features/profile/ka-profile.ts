/** The account slice's profile copy, in Georgian. */
export const kaProfile = {
  title: 'ჩემი პროფილი',
  panelTitle: 'ჩემი ანგარიში',
  loadError: 'პროფილის მონაცემების ჩატვირთვა ვერ მოხერხდა.',

  // The customer's data, as the view lists it and the edit form labels it.
  firstName: 'სახელი',
  lastName: 'გვარი',
  birthDate: 'დაბადების თარიღი',
  email: 'ელ-ფოსტა',
  phone: 'ტელეფონის ნომერი',
  verified: 'დადასტურებულია',
  notVerified: 'არ არის დადასტურებული',

  // Editing the name and e-mail.
  edit: 'მონაცემების შეცვლა',
  editTitle: 'პირადი მონაცემების შეცვლა',
  save: 'შენახვა',
  saving: 'ინახება…',
  cancel: 'გაუქმება',
  saved: 'მონაცემები შენახულია.',
  unchanged: 'მონაცემებში ცვლილება არ შეგიტანიათ.',
  emailReverify:
    'ელ-ფოსტის მისამართი შეიცვალა. ახალი მისამართი ხელახლა უნდა დაადასტუროთ კოდით, რომელსაც მასზე გამოგიგზავნით.',

  // Changing the password.
  passwordTitle: 'პაროლის შეცვლა',
  currentPassword: 'მიმდინარე პაროლი',
  newPasswordConfirm: 'გაიმეორეთ ახალი პაროლი',
  passwordChanged: 'პაროლი წარმატებით შეიცვალა.',
} as const;
