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
  /**
   * The kinds this client names; a kind the provider adds is not offered (lib/known-kinds).
   * Where a kind is one event, its name follows the feed's title for it (ka-notifications).
   */
  kind: {
    payment_due: 'გადახდის შეხსენება',
    payment_received: 'გადახდა მიღებულია',
    payment_declined: 'გადახდა უარყოფილია',
    overdue: 'გადახდა ვადაგადაცილებულია',
    application_decided: 'გადაწყვეტილება განაცხადზე',
    complaint_answered: 'პასუხი საჩივარზე',
    hardship_decided: 'გადაწყვეტილება დახმარების მოთხოვნაზე',
  },
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
