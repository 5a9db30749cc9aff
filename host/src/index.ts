import { start } from './bootstrap';

// Said without the shared strings module, in case what failed is what provides it.
const BOOT_FAILED = 'აპლიკაცია ვერ ჩაიტვირთა. შეამოწმეთ ინტერნეტთან კავშირი და განაახლეთ გვერდი.';

// No async boundary: everything the host starts with is an eager share (tooling's
// hostShares), so it is in the page's first scripts and federation needs no wait before
// React runs (decision 014). If starting fails, no React exists to show an error: plain DOM.
start().catch((error: unknown) => {
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
