import { renderStandalonePage } from 'shared/ui/standalone-page';
import QuestionAnswers from './features/questions/components/question-answers';
import HomeSlider from './features/slider/components/home-slider';

renderStandalonePage(
  'remote-home',
  <>
    <HomeSlider />
    <QuestionAnswers />
  </>,
);
