import { renderStandalonePage } from 'shared/ui/standalone-page';
import LoanCalculator from '../features/calculator/components/loan-calculator';
import QuestionAnswers from '../features/questions/components/question-answers';
import HomeSlider from '../features/slider/components/home-slider';

renderStandalonePage(
  'remote-home',
  <>
    <LoanCalculator />
    <HomeSlider />
    <QuestionAnswers />
  </>,
);
