import { type ExposesOf, sliceConfigs } from 'tooling/rspack/app-config';

/** The slice's only public surface: exactly the modules release-contract/remotes lists for it. */
export const exposes = {
  './LoanCalculator': './src/features/calculator/components/loan-calculator.tsx',
  './HomeSlider': './src/features/slider/components/home-slider.tsx',
  './QuestionAnswers': './src/features/questions/components/question-answers.tsx',
} satisfies ExposesOf<'remote_home'>;

export default sliceConfigs('remote-home', import.meta.url, exposes);
