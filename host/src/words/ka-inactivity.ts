/**
 * The inactivity warning's words (decision 022), beside the warning: its code and these are
 * loaded only for a logged-in customer, never in a visitor's first load.
 */
export const kaInactivity = {
  title: 'სესია მალე დასრულდება',
  text: 'უმოქმედობის გამო ანგარიშიდან ავტომატურად გამოხვალთ. სესიის გასაგრძელებლად დააჭირეთ ღილაკს „გაგრძელება“.',
  timeLeft: 'დარჩენილი დრო:',
  continue: 'გაგრძელება',
  /** What a screen reader hears at the few announced points. */
  announce: (left: string) => `სესიის დასრულებამდე დარჩა ${left}.`,
  minutes: (count: number) => `${count} წუთი`,
  seconds: (count: number) => `${count} წამი`,
} as const;
