import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from 'shared/rspack/app-config';

const root = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig({
    root,
    name: 'remote_home',
    title: 'remote-home · ონლაინ სესხი',
    mode: argv.mode ?? 'production',
    devPort: 3001,
    publicPath: 'auto',
    // The slice's only public surface; ids are typed in shared/federation/remote-modules.
    exposes: {
      './LoanCalculator': './src/features/calculator/components/loan-calculator.tsx',
      './HomeSlider': './src/features/slider/components/home-slider.tsx',
      './QuestionAnswers': './src/features/questions/components/question-answers.tsx',
    },
  });
