// @vitest-environment node

import type { RemoteModuleId } from 'release-contract/remotes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { stitch } from './compose-page';
import { PageComposer, type PageParts } from './page-composer';
import type { RenderedShell, SlotResult } from './render-protocol';
import { slotToken } from './render-protocol';

/*
 * The page server's side of a page (decision 032): whatever its workers answer, the page's slots,
 * status, redirect, style sheets and answers are the page server's to decide.
 */

const config = {
  remotes: [
    { name: 'remote_home', manifestUrl: 'http://localhost:3001/releases/r1/mf-manifest.json' },
    { name: 'remote_loans', manifestUrl: 'http://localhost:3003/mf-manifest.json' },
  ],
  routeMiddleware: {},
} as unknown as RuntimeConfig;

const ROUTER = { loaderData: {}, actionData: null, errors: null };

/** Parts whose slices answer `slots(remote, asked)`, and a shell that marks every ready slot. */
function parts(
  slots: (remote: string, asked: readonly string[]) => SlotResult[],
  shell: (ready: readonly string[], nonce: string) => RenderedShell | null = (ready, nonce) => ({
    status: 200,
    html: `<main>${ready.map((_, index) => slotToken(nonce, index)).join('')}</main>`,
    router: ROUTER,
  }),
): PageParts & { shells: number } {
  const asked = {
    shells: 0,
    account: async () => ({
      type: 'account' as const,
      id: 0,
      known: true,
      state: {
        queries: [{ queryHash: '["account","user"]', state: { data: 'them' } }],
        mutations: [],
      },
    }),
    slots: async (remote: string, _release: string, _request: unknown, wanted: readonly string[]) =>
      slots(remote, wanted),
    shell: async (request: { ready: string[]; nonce: string }) => {
      asked.shells += 1;
      return shell(request.ready, request.nonce);
    },
  };
  return asked as unknown as PageParts & { shells: number };
}

const composer = (pageParts: PageParts) =>
  new PageComposer(pageParts, { budgetMs: 400, onError: () => {} });

const rendered = (slot: string, html: string, extra: Partial<SlotResult> = {}): SlotResult => ({
  slot,
  outcome: 'rendered',
  html,
  release: 'ssr/remote-entry.aaaa.cjs',
  ...extra,
});

describe('PageComposer', () => {
  it('counts the page’s own slots only, whatever a worker names (row 7)', async () => {
    const madeUp = Array.from({ length: 3000 }, (_, index) => ({
      slot: `remote_home/Made${index}`,
      outcome: 'failed' as const,
    }));
    const page = await composer(
      parts((_remote, asked) => [
        ...asked.map((slot) => rendered(slot, `<p>${slot}</p>`)),
        ...madeUp,
      ]),
    ).render('/', config, 'visitor');
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.outcomes.map((outcome) => outcome.slot)).toEqual([
      'remote_home/LoanCalculator',
      'remote_home/HomeSlider',
      'remote_home/QuestionAnswers',
    ]);
    expect(page.html).toBe(
      '<main><p>remote_home/LoanCalculator</p><p>remote_home/HomeSlider</p><p>remote_home/QuestionAnswers</p></main>',
    );
  });

  it('leaves to the browser a slot whose markup would steer the page, and says whose release it was (issue 56, row 4)', async () => {
    const errors: string[] = [];
    const steering = new PageComposer(
      parts((_remote, asked) =>
        asked.map((slot) =>
          rendered(
            slot,
            slot === 'remote_home/HomeSlider'
              ? '<div><meta http-equiv="refresh" content="3;url=https://evil.example/phish"></div>'
              : `<p>${slot}</p></main><!--`,
          ),
        ),
      ),
      { budgetMs: 400, onError: (error) => errors.push(String(error)) },
    );
    const page = await steering.render('/', config, 'visitor');
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.html).not.toContain('http-equiv');
    expect(page.outcomes.map(({ slot, outcome }) => [slot, outcome])).toEqual([
      ['remote_home/LoanCalculator', 'rendered'],
      ['remote_home/HomeSlider', 'failed'],
      ['remote_home/QuestionAnswers', 'rendered'],
    ]);
    expect(page.slots).toEqual(['remote_home/LoanCalculator', 'remote_home/QuestionAnswers']);
    expect(errors).toEqual([
      expect.stringContaining(
        'remote_home/HomeSlider of release ssr/remote-entry.aaaa.cjs: its server markup has what no page carries (element <meta>)',
      ),
    ]);
    // What the others sent is put in as parsed: it closes nothing of the page and opens nothing.
    expect(page.html).toBe(
      '<main><p>remote_home/LoanCalculator</p><!----><p>remote_home/QuestionAnswers</p><!----></main>',
    );
  });

  it('sends a redirect only of its own deciding, and a page only with a page’s status (row 8)', async () => {
    const hijacked = parts(
      () => [],
      () => ({ status: 302, html: '', router: ROUTER }),
    );
    await expect(composer(hijacked).render('/?hijack=1', config, 'visitor')).rejects.toThrow(
      /sent no page/,
    );
    // A guarded page sends a visitor to log in: decided before any worker is asked.
    const guarded = parts(() => []);
    expect(await composer(guarded).render('/complaints?x=1', config, 'visitor')).toEqual({
      kind: 'redirect',
      status: 302,
      location: `/?login=1&next=${encodeURIComponent('/complaints?x=1')}`,
    });
    expect(guarded.shells).toBe(0);
  });

  it('asks no worker anything for a page where no slice renders with the customer’s data (row 9)', async () => {
    const asked: string[] = [];
    const watched = parts((remote, wanted) => {
      asked.push(remote, ...wanted);
      return [];
    });
    // Their complaints, their recovery: guarded routes, the browser's, whose auth store knows them.
    for (const url of ['/complaints', '/recovery']) {
      expect(
        await composer(watched).render(url, config, 'customer', async () => ({
          status: 200,
          data: {},
        })),
      ).toEqual({
        kind: 'browser',
      });
    }
    expect(asked).toEqual([]);
    expect(watched.shells).toBe(0);
  });

  it('puts a slot’s markup in its own place only: markup naming another place fills nothing', () => {
    const ready = (html: string, slot: string) => ({
      slot: slot as RemoteModuleId,
      outcome: 'rendered' as const,
      html,
      release: 'r',
    });
    // One pass over the shell: what a slot's markup says is never read as a place.
    expect(
      stitch(`<a>${slotToken('n', 0)}</a><b>${slotToken('n', 1)}</b>`, 'n', [
        ready(`${slotToken('n', 1)}$&`, 'remote_home/HomeSlider'),
        ready('B', 'remote_home/QuestionAnswers'),
      ]),
    ).toBe(`<a>${slotToken('n', 1)}$&</a><b>B</b>`);
  });

  it('takes a slice’s style sheets from its own release only, and none of its answers for the account', async () => {
    const home = 'http://localhost:3001/releases/r1/';
    const page = await composer(
      parts((_remote, asked) =>
        asked.map((slot) =>
          rendered(slot, 'x', {
            styles: [`${home}calculator.css`, 'https://evil.example/x.css', `${home}../r0/old.css`],
            queries: {
              queries: [
                { queryHash: '["account","user"]', state: { data: 'forged' } },
                { queryHash: `["${slot}"]`, state: { data: 'own' } },
              ],
              mutations: [],
            },
          }),
        ),
      ),
    ).render('/', config, 'customer', async () => ({ status: 200, data: {} }));
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.styles).toEqual([`${home}calculator.css`]);
    const queries = page.state.queries.queries as unknown as {
      queryHash: string;
      state: { data: string };
    }[];
    expect(queries.find((query) => query.queryHash === '["account","user"]')?.state.data).toBe(
      'them',
    );
    expect(page.state.slots['remote_home/LoanCalculator']?.queries).toEqual([
      '["remote_home/LoanCalculator"]',
    ]);
  });
});
