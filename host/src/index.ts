import { isChunkLoadError } from './chunk-reload/chunk-error';
import { canReloadForChunkError, reloadForChunkError } from './chunk-reload/reload-guard';

// Said without the shared strings module: it is a federated module, and this entry runs
// before federation has negotiated anything.
const BOOT_FAILED = 'აპლიკაცია ვერ ჩაიტვირთა. შეამოწმეთ ინტერნეტთან კავშირი და განაახლეთ გვერდი.';

// The async boundary lets federation negotiate shared React before any of it runs. If the
// bootstrap chunk itself fails, no React exists to show an error, so plain DOM does.
import('./bootstrap').catch((error: unknown) => {
  // A stamp that cannot be written means no guarded reload: say so instead of looping.
  if (isChunkLoadError(error) && canReloadForChunkError() && reloadForChunkError()) return;
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
