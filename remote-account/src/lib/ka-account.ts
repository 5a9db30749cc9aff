import { ka } from 'shared/strings/ka';

/**
 * The account slice's words for logging in and recovering a password, in Georgian (decision
 * 010: a slice keeps its own words; `shared/strings/ka` keeps what two apps show).
 */
export const kaAccount = {
  close: 'დახურვა',
  requiredField: 'ველი სავალდებულოა',
  loginTitle: 'ანგარიშში შესვლა',
  /** Above the login, back from the bank without a session (contract v1.3). */
  paymentWaiting:
    'ბანკიდან დაბრუნდით: თქვენი გადახდის შედეგი გელოდებათ. შედით ანგარიშში და მაშინვე ნახავთ მას.',
  personalNumber: 'პირადი ნომერი',
  personalNumberHint: '11 ციფრი',
  password: 'პაროლი',
  submitLogin: 'შესვლა',
  loggingIn: 'მიმდინარეობს შესვლა…',
  forgotPassword: 'დაგავიწყდათ პაროლი?',
  // The provider's own refusal of a login, in its one wording.
  wrongCredentials: ka.errors.byCode.no_active_account,
  personalNumberInvalid: 'პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან.',
  passwordInvalid: 'პაროლი უნდა იყოს 8–128 სიმბოლო, შეიცავდეს ასოს და ციფრს.',
  recoveryIntro: 'შეიყვანეთ პირადი ნომერი. კოდს SMS-ით გამოგიგზავნით რეგისტრირებულ ტელეფონზე.',
  sendCode: 'კოდის გაგზავნა',
  sendingCode: 'იგზავნება…',
  codeSent: 'თუ ეს პირადი ნომერი რეგისტრირებულია, კოდი SMS-ით გამოიგზავნა. კოდი მოქმედებს 10 წუთი.',
  code: 'SMS კოდი',
  codeHint: '6 ციფრი',
  codeInvalid: 'კოდი უნდა შედგებოდეს 6 ციფრისგან.',
  phoneInvalid: 'ტელეფონის ნომერი უნდა შედგებოდეს 9 ციფრისგან და იწყებოდეს 5-ით.',
  emailInvalid: 'შეიყვანეთ სწორი ელ-ფოსტის მისამართი.',
  newPassword: 'ახალი პაროლი',
  newPasswordHint: '8–128 სიმბოლო, მინიმუმ ერთი ასო და ერთი ციფრი',
  setPassword: 'პაროლის შეცვლა',
  settingPassword: 'ინახება…',
  recoveryDone: 'პაროლი შეიცვალა. ახლა შეგიძლიათ შეხვიდეთ ახალი პაროლით.',
  startOver: 'თავიდან დაწყება',
} as const;
