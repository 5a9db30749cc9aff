import { STAND_IN_HEADER } from 'deploy/nginx/nginx-conf';
import { expect, test } from '../fixtures';
import { pageServers, restarted } from '../utils/page-server-utils';
import { SERVED } from '../utils/tags';
import { HOST_URL } from '../utils/urls';

// Served through nginx only (`pnpm test:prod`): nginx asks the host's page servers for each
// page, balanced over two (decision 020). They keep nothing between requests, so one that
// stops, or dies, costs no page: nginx asks the other, and the stopped one is started again.

interface Answer {
  status: number;
  /**
   * Whether a page server sent it (rendered, or left to the browser when the machine was too
   * slow for its budget), not nginx's stand-in for a page no page server answered.
   */
  fromPageServer: boolean;
}

/**
 * Pages asked for at a steady rate (an open loop: a slow answer does not slow the asking), a
 * mix of the home page, a calculator choice and the terms; `during` runs once the load is on.
 */
async function underLoad(during: () => Promise<void>): Promise<Answer[]> {
  const paths = ['/', '/?amount=2500&term=6', '/static'];
  const asked: Promise<Answer>[] = [];
  let stop = false;
  const loop = (async () => {
    for (let i = 0; !stop; i += 1) {
      asked.push(
        fetch(`${HOST_URL}${paths[i % paths.length]}`).then(async (response) => {
          await response.arrayBuffer();
          return {
            status: response.status,
            fromPageServer: response.headers.get(STAND_IN_HEADER) === null,
          };
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await during();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  stop = true;
  await loop;
  return Promise.all(asked);
}

/**
 * Until both page servers render: one just started answers at once but may still be loading
 * its render bundle, and its pages meanwhile are the browser's (nginx alternates between them).
 */
async function bothRender(): Promise<void> {
  await expect
    .poll(async () => {
      const pages = await Promise.all(
        [1, 2, 3, 4].map(() => fetch(`${HOST_URL}/static`).then((response) => response.text())),
      );
      return pages.every((page) => page.includes('id="page-state"'));
    })
    .toBe(true);
}

test('a page server that stops or dies under load costs no page: nginx asks the other', {
  tag: SERVED,
}, async () => {
  test.setTimeout(90_000);
  const [first, second] = pageServers();
  if (!first || !second) throw new Error('pnpm start:nginx runs two page servers');
  await bothRender();

  // Stopped (a deploy, a scale-down): it finishes what it has and takes nothing new.
  const stopped = await underLoad(async () => {
    process.kill(first.pid, 'SIGTERM');
  });
  // Dead (a crash): whatever it held is asked of the other, once the first renders again.
  await restarted(first);
  await bothRender();
  const crashed = await underLoad(async () => {
    process.kill(second.pid, 'SIGKILL');
  });
  await restarted(second);

  for (const answers of [stopped, crashed]) {
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // Every page came from a page server, not nginx's stand-in. (Whether a page server renders
    // its pages is server-render.spec's; one that carries all the load on a busy machine may
    // leave a page to the browser, as its budget says.)
    expect(answers.filter((answer) => !answer.fromPageServer)).toEqual([]);
  }
});
