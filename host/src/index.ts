import { watchEarlyPresses } from './slots/early-press';
import { inSteps } from './start-in-steps';

// Before anything else: a press on the server's page while the host starts is kept, and made
// once the slot it is in has hydrated (slots/early-press).
watchEarlyPresses();

// Said without the shared strings module, in case what failed is what provides it.
const BOOT_FAILED = 'აპლიკაცია ვერ ჩაიტვირთა. შეამოწმეთ ინტერნეტთან კავშირი და განაახლეთ გვერდი.';

// No async boundary: everything the host starts with is an eager share (tooling's
// hostShares), so it is in the page's first scripts and federation needs no wait before
// React runs (decision 014). The modules are evaluated in steps, a task each, the heaviest
// first; "eager" keeps each in the page's one script (no request of its own). If starting
// fails, no React exists to show an error: plain DOM.
async function boot(): Promise<void> {
  await inSteps([
    () => import(/* webpackMode: "eager" */ 'react-dom/client'),
    () => import(/* webpackMode: "eager" */ '@tanstack/react-query'),
    () => import(/* webpackMode: "eager" */ 'shared/validation/zod'),
    () => import(/* webpackMode: "eager" */ 'shared/auth/auth-store'),
    () => import(/* webpackMode: "eager" */ 'shared/query/account-queries'),
    // The router library, then the host's routes and shell, through the host's own modules:
    // the package's whole namespace would be 33 KB more.
    () => import(/* webpackMode: "eager" */ './app/router-library'),
    () => import(/* webpackMode: "eager" */ './app/router'),
  ]);
  const { start } = await import(/* webpackMode: "eager" */ './bootstrap');
  await start();
}

boot().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) {
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.padding = '2rem';
    message.textContent = BOOT_FAILED;
    root.replaceChildren(message);
  }
});
