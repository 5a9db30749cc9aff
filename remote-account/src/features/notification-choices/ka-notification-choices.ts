/**
 * The account slice's words for the customer's choice of notification channels (contract
 * v1.4), in Georgian.
 */
export const kaNotificationChoices = {
  title: 'შეტყობინებები',
  intro: 'აირჩიეთ, რა შეგატყობინოთ SMS-ით და რა — ელ-ფოსტით.',
  /** The disclosure's button: the choices are long, and the panel holds much besides. */
  change: 'არჩევანის შეცვლა',
  loading: 'შეტყობინებების პარამეტრები იტვირთება…',
  loadError: 'შეტყობინებების პარამეტრების ჩატვირთვა ვერ მოხერხდა.',
  sms: 'SMS',
  email: 'ელ-ფოსტა',
  reminderLegend: 'გადახდის შეხსენება — რამდენი დღით ადრე',
  reminderDays: '{days} დღით ადრე',
  requiredReason:
    'ამ შეტყობინებას ერთი არხით მაინც გამოგიგზავნით: კანონით მსესხებელს უნდა ვაცნობოთ, როცა გადახდა ვერ შესრულდა ან ვადას გადააცილდა.',
  requiredRefused: 'ორივე არხს ვერ გამორთავთ: ერთი მაინც უნდა დარჩეს ჩართული.',
  phoneUnverified: 'სანამ ტელეფონის ნომერს არ დაადასტურებთ, SMS-ით ვერაფერს გამოგიგზავნით.',
  emailUnverified: 'სანამ ელ-ფოსტას არ დაადასტურებთ, წერილით ვერაფერს გამოგიგზავნით.',
  verifyPhone: 'დაადასტურეთ ნომერი',
  verifyEmail: 'დაადასტურეთ ელ-ფოსტა',
  saving: 'ინახება…',
  saved: 'შენახულია.',
} as const;
