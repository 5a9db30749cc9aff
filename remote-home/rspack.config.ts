import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portOf, remoteApp } from 'tooling/apps';
import type { ExposesOf } from 'tooling/remotes';
import { createRemoteConfigs } from 'tooling/rspack/app-config';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The slice's only public surface: exactly the modules tooling/remotes lists for it. */
export const exposes = {
  './LoanCalculator': './src/features/calculator/components/loan-calculator.tsx',
  './HomeSlider': './src/features/slider/components/home-slider.tsx',
  './QuestionAnswers': './src/features/questions/components/question-answers.tsx',
} satisfies ExposesOf<'remote_home'>;

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createRemoteConfigs({
    root,
    name: remoteApp('remote-home').name,
    title: 'remote-home · ონლაინ სესხი',
    mode: argv.mode ?? 'production',
    devPort: portOf(remoteApp('remote-home')),
    publicPath: 'auto',
    exposes,
  });
