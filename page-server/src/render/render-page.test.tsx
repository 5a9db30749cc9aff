// @vitest-environment node
import { useQuery } from '@tanstack/react-query';
import type { CustomerFetch, RemoteModule } from 'host/render-entry';
import { type ServerSlotModule, setProviderAddress } from 'host/render-page';
import { kaHost } from 'host/words/ka-host';
import type { RemoteModuleId } from 'release-contract/remotes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { formatDate, formatMoney } from 'shared/lib/money';
import { paymentPageAddress, setPaymentPageOrigins } from 'shared/lib/payment-page';
import { DEFAULT_PROVIDER_SITE, setProviderSite } from 'shared/lib/site-urls';
import { loansQuery } from 'shared/query/account-queries';
import { useLoans } from 'shared/query/use-account';
import { ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import {
  customer,
  loanLimit,
  loans,
  OTHER_PROVIDER_ORIGIN,
  otherProviderSite,
} from 'shared/testing/fixtures';
import { ProviderHtml } from 'shared/ui/provider-html';
import { PageComposer } from './page-composer';
import { inProcessParts } from './testing/in-process-parts';
import { ORDERS_PATH, standInLoansSlots } from './testing/stand-in-loans-slots';

const remote = (name: string) => ({
  name,
  manifestUrl: `http://remotes.invalid/${name}/mf-manifest.json`,
});
const config = {
  remotes: [remote('remote_home'), remote('remote_account'), remote('remote_loans')],
  routeMiddleware: {},
} as unknown as RuntimeConfig;

/**
 * A page as the page server puts it together from its parts (page-composer), each part
 * rendered here by the render bundle's own functions, as a worker renders it.
 */
function renderPage(options: {
  url: string;
  audience: 'visitor' | 'customer';
  config: RuntimeConfig;
  loadSlot: <Id extends RemoteModuleId>(id: Id) => Promise<ServerSlotModule<Id>>;
  deadline: number;
  onError?: (error: unknown) => void;
  customerFetch?: CustomerFetch;
}) {
  const onError = options.onError ?? (() => {});
  const composer = new PageComposer(inProcessParts(options.loadSlot, onError), {
    budgetMs: options.deadline - Date.now(),
    onError,
  });
  return composer.render(options.url, options.config, options.audience, options.customerFetch);
}

/** A link to the bank's page, as the loans slice writes one (contract v1.3). */
function BankLink({ href }: { href: string }) {
  const bank = paymentPageAddress(href);
  return bank ? <a href={bank}>bank</a> : <p>no bank</p>;
}

/** A slot's component: its text, and the answer the server's cache has for it, if any. */
function SlotText({ text }: { text: string }) {
  const query = useQuery({
    queryKey: ['answer', text],
    queryFn: () => Promise.resolve('late'),
    enabled: false,
  });
  return <p>{`${text} ${query.data ?? 'no answer'}`}</p>;
}

/** A slot's server module: the text it renders, and the answer it asks for first, if any. */
function slotModule(text: string, answer?: string): RemoteModule {
  return {
    default: () => <SlotText text={text} />,
    ...(answer
      ? {
          prefetchOnServer: async (client) => {
            await client.prefetchQuery({
              queryKey: ['answer', text],
              queryFn: () => Promise.resolve(answer),
            });
          },
        }
      : {}),
  };
}

const HOSTILE =
  '<h2 onclick="alert(1)">პასუხი</h2><script>window.__xss=1</script>' +
  '<img src="https://elsewhere.test/x.png" onerror="alert(2)"><a href="javascript:alert(3)">ბმული</a>' +
  '<style>body{display:none}</style><p style="color:red">დეტალები</p>';

function Throws(): never {
  throw new Error('the slice failed on the server');
}

const modules: Partial<Record<RemoteModuleId, RemoteModule>> = {
  'remote_home/LoanCalculator': slotModule('calculator', '94,56 ₾'),
  'remote_home/HomeSlider': slotModule('slider'),
  'remote_home/QuestionAnswers': slotModule('questions'),
};

function loadSlotFrom(table: Partial<Record<RemoteModuleId, RemoteModule | 'never'>>) {
  return async <Id extends RemoteModuleId>(id: Id): Promise<ServerSlotModule<Id>> => {
    const module = table[id];
    if (module === 'never') return new Promise(() => {});
    if (!module) throw new Error(`${id} is not in this release`);
    return {
      module: module as ServerSlotModule<Id>['module'],
      release: 'ssr/remote-entry.aaaa.cjs',
    };
  };
}

/** A render that also says which slots' modules the server asked for. */
async function renderAsking(
  url: string,
  audience: 'visitor' | 'customer',
  table: Partial<Record<RemoteModuleId, RemoteModule>> = modules,
) {
  const asked: RemoteModuleId[] = [];
  const errors: unknown[] = [];
  const load = loadSlotFrom(table);
  const page = await renderPage({
    url,
    audience,
    config,
    loadSlot: (id) => {
      asked.push(id);
      return load(id);
    },
    deadline: Date.now() + 2_000,
    onError: (error) => errors.push(error),
  });
  return { page, asked, errors };
}

const render = (url: string, table = modules, budget = 2_000) =>
  renderPage({
    url,
    audience: 'visitor',
    config,
    loadSlot: loadSlotFrom(table),
    deadline: Date.now() + budget,
  });

/** The fixtures' loan with a payment due. */
const loanDue = loans.find((loan) => loan.status === 'active' && loan.next_payment_amount);

/** The next payment as a slice shows it: the loans, from the page's one query. */
function NextPayment() {
  const { data } = useLoans();
  const loan = data?.find((candidate) => candidate.id === loanDue?.id);
  return (
    <p>{`next ${formatMoney(loan?.next_payment_amount ?? '0')} ${formatDate(loan?.next_payment_date ?? '')}`}</p>
  );
}

describe('renderPage', () => {
  it('renders a visitor’s home page with each slot, the answers it asked for, and where each came from', async () => {
    const page = await render('/');
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.status).toBe(200);
    expect(page.html).toContain('calculator 94,56 ₾');
    expect(page.html).toContain('slider no answer');
    expect(page.html).toContain('questions no answer');
    expect(page.html).not.toContain('<script');
    const release = 'ssr/remote-entry.aaaa.cjs';
    // Each slot's release, and the answers its slice asked for (dropped by a browser that
    // renders the slot with another release).
    expect(page.state.slots).toEqual({
      'remote_home/LoanCalculator': { release, queries: ['["answer","calculator"]'] },
      'remote_home/HomeSlider': { release, queries: [] },
      'remote_home/QuestionAnswers': { release, queries: [] },
    });
    expect(page.state.queries.queries.map((query) => query.queryKey)).toEqual([
      ['answer', 'calculator'],
    ]);
    expect(page.state.router.loaderData).toEqual({ index: null });
  });

  it('sends a slot that throws on the server as its reserved place, and the rest of the page', async () => {
    const errors: unknown[] = [];
    const page = await renderPage({
      url: '/',
      audience: 'visitor',
      config,
      loadSlot: loadSlotFrom({ ...modules, 'remote_home/HomeSlider': { default: Throws } }),
      deadline: Date.now() + 2_000,
      onError: (error) => errors.push(error),
    });
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.status).toBe(200);
    expect(page.html).toContain('calculator 94,56 ₾');
    expect(page.html).toContain('questions no answer');
    expect(page.html).not.toContain('slider no answer');
    // React marks the place for the browser to render.
    expect(page.html).toContain('<!--$!-->');
    expect(errors).toHaveLength(1);
  });

  it('reports a slot whose server code fails to load, and sends the rest of the page', async () => {
    const errors: unknown[] = [];
    const broken = new Error('remote_home has no server code');
    const load = loadSlotFrom(modules);
    const page = await renderPage({
      url: '/',
      audience: 'visitor',
      config,
      loadSlot: (id) => (id === 'remote_home/HomeSlider' ? Promise.reject(broken) : load(id)),
      deadline: Date.now() + 2_000,
      onError: (error) => errors.push(error),
    });
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.html).toContain('calculator 94,56 ₾');
    expect(page.html).not.toContain('slider no answer');
    expect(errors).toEqual([broken]);
    expect(page.outcomes).toContainEqual(
      expect.objectContaining({ slot: 'remote_home/HomeSlider', outcome: 'failed' }),
    );
  });

  it('leaves to the browser a slot whose code is not there by the deadline', async () => {
    const started = Date.now();
    const page = await render(
      '/',
      { ...modules, 'remote_home/QuestionAnswers': 'never' } as never,
      300,
    );
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(page.html).toContain('calculator 94,56 ₾');
    expect(page.html).not.toContain('questions no answer');
    expect(page.state.slots).not.toHaveProperty('remote_home/QuestionAnswers');
  });

  it('renders a customer’s shell and every slot’s reserved place, none of their data, nothing asked of the provider', async () => {
    const { page, asked } = await renderAsking('/', 'customer');
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.status).toBe(200);
    expect(asked).toEqual([]);
    expect(page.html).not.toContain('94,56');
    expect(page.html).not.toContain('no answer');
    // The header's account place is the customer's own buttons, not a visitor's: the host's
    // until the account slice is needed, so the server sends them whole.
    expect(page.html).not.toContain(ka.account.register);
    expect(page.html).toContain(kaAccountButtons.logout);
    // The overdue notice, next payment, calculator, loans and questions: each a place the
    // browser fills.
    expect(page.html.match(/<!--\$!-->/g)).toHaveLength(5);
    expect(page.state).toMatchObject({ audience: 'customer', slots: {} });
    expect(page.state.queries.queries).toEqual([]);
  });

  it('renders a customer’s page without the count of a provider without v1.4, and leaves it to the browser', async () => {
    setProviderAddress('http://provider.invalid');
    const answers: Record<string, unknown> = {
      '/api/user/details/': customer,
      '/api/user/user/loan_limit/': loanLimit,
      '/api/loan/loan/': loans,
    };
    const page = await renderPage({
      url: '/',
      audience: 'customer',
      config,
      loadSlot: loadSlotFrom({}),
      deadline: Date.now() + 2_000,
      customerFetch: async (url) =>
        url in answers ? { status: 200, data: answers[url] } : { status: 404, data: null },
    });
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.html).toContain(`>${customer.first_name}</span>`);
    expect(page.html).not.toContain('შეტყობინებები');
    const sent = page.state.queries.queries.map((query) => query.queryHash);
    expect(sent).toEqual(expect.arrayContaining(['["account","user"]']));
    expect(sent.filter((hash) => hash.includes('notifications'))).toEqual([]);
  });

  it('renders a customer’s page with their figures, asked through the page server, each once', async () => {
    setProviderAddress('http://provider.invalid');
    const due = loanDue;
    if (!due?.next_payment_amount || !due.next_payment_date) throw new Error('no loan due');
    const answers: Record<string, unknown> = {
      '/api/user/details/': customer,
      '/api/user/user/loan_limit/': loanLimit,
      '/api/user/notifications/unread_count/': { unread: 2 },
      '/api/loan/loan/': loans,
    };
    const asked: string[] = [];
    const page = await renderPage({
      url: '/',
      audience: 'customer',
      config,
      loadSlot: loadSlotFrom({
        'remote_loans/NextPayment': {
          default: NextPayment,
          prefetchOnServer: async (client) => {
            await client.prefetchQuery(loansQuery);
          },
        },
      }),
      deadline: Date.now() + 2_000,
      customerFetch: async (url) => {
        asked.push(url);
        return url in answers ? { status: 200, data: answers[url] } : { status: 404, data: null };
      },
    });
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.html).toContain(
      `next ${formatMoney(due.next_payment_amount)} ${formatDate(due.next_payment_date)}`,
    );
    // The header greets them by name from the first paint: its buttons are the host's.
    expect(page.html).toContain(`>${customer.first_name}</span>`);
    // And tells them what is new (v1.4): the unread count is asked with the account.
    expect(page.html).toContain('aria-label="შეტყობინებები: 2 წაუკითხავი"');
    // The account once for the whole page; the slot's own prefetch found it there.
    expect(asked.sort()).toEqual(Object.keys(answers).sort());
    expect(page.state.queries.queries.map((query) => query.queryHash)).toEqual(
      expect.arrayContaining(['["account","user"]', '["account","loans"]']),
    );
    expect(page.state.slots).toEqual({
      'remote_loans/NextPayment': { release: 'ssr/remote-entry.aaaa.cjs', queries: [] },
    });
  });

  it.each([
    ['in one worker', false],
    ['each in a worker of its own, at once', true],
  ])(
    'asks the provider for a customer’s payment orders once a page, though each loans slot shows them (rendered %s)',
    async (_layout, apart) => {
      setProviderAddress('http://provider.invalid');
      const answers: Record<string, unknown> = {
        '/api/user/details/': customer,
        '/api/user/user/loan_limit/': loanLimit,
        '/api/user/notifications/unread_count/': { unread: 2 },
        '/api/loan/loan/': loans,
        [ORDERS_PATH]: [],
      };
      const asked: string[] = [];
      const parts = inProcessParts(loadSlotFrom(standInLoansSlots));
      const composer = new PageComposer(
        apart
          ? {
              ...parts,
              // A slice's slots put to several of its workers at once (a suspect runs alone).
              slots: async (remote, release, request, slots, options) =>
                (
                  await Promise.all(
                    slots.map((slot) => parts.slots(remote, release, request, [slot], options)),
                  )
                ).flat(),
            }
          : parts,
        { budgetMs: 2_000, onError: () => {} },
      );
      const page = await composer.render('/', config, 'customer', async (url) => {
        asked.push(url);
        // As a provider answers: not at once, so the slots' reads overlap.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return url in answers ? { status: 200, data: answers[url] } : { status: 404, data: null };
      });
      if (page.kind !== 'page') throw new Error('expected a page');
      for (const text of ['notice', 'next payment', 'loans']) {
        expect(page.html).toContain(`${text}: 0 orders`);
      }
      expect(asked.filter((url) => url === ORDERS_PATH)).toHaveLength(1);
      expect(asked.sort()).toEqual(Object.keys(answers).sort());
      // The one answer is the page's, and each slot says it rendered with it.
      const orders = '["account","payment-orders"]';
      expect(page.state.queries.queries.filter((query) => query.queryHash === orders)).toHaveLength(
        1,
      );
      for (const slot of Object.values(page.state.slots)) expect(slot.queries).toEqual([orders]);
    },
  );

  it('holds nothing below the notices it rendered with their data; below one left to the browser, the page waits for it', async () => {
    const answers: Record<string, unknown> = {
      '/api/user/details/': customer,
      '/api/user/user/loan_limit/': loanLimit,
      '/api/user/notifications/unread_count/': { unread: 2 },
      '/api/loan/loan/': loans,
    };
    const notice: RemoteModule = {
      default: NextPayment,
      prefetchOnServer: async (client) => {
        await client.prefetchQuery(loansQuery);
      },
    };
    const renderWith = (table: Partial<Record<RemoteModuleId, RemoteModule>>) =>
      renderPage({
        url: '/',
        audience: 'customer',
        config,
        loadSlot: loadSlotFrom(table),
        deadline: Date.now() + 2_000,
        customerFetch: async (url) =>
          url in answers ? { status: 200, data: answers[url] } : { status: 404, data: null },
      });
    const held = (html: string) => html.includes('data-holds-below');

    const whole = await renderWith({
      'remote_loans/OverdueNotice': notice,
      'remote_loans/NextPayment': notice,
    });
    if (whole.kind !== 'page') throw new Error('expected a page');
    expect(held(whole.html)).toBe(false);

    const partly = await renderWith({ 'remote_loans/NextPayment': notice });
    if (partly.kind !== 'page') throw new Error('expected a page');
    expect(held(partly.html)).toBe(true);
  });

  it('renders the calculator visitors see too with the customer’s own answers, and leaves it to the browser in a release without them', async () => {
    const answers: Record<string, unknown> = {
      '/api/user/details/': customer,
      '/api/user/user/loan_limit/': loanLimit,
      '/api/user/notifications/unread_count/': { unread: 2 },
      '/api/loan/loan/': loans,
    };
    const renderFor = (calculator: RemoteModule) =>
      renderPage({
        url: '/',
        audience: 'customer',
        config,
        loadSlot: loadSlotFrom({ 'remote_home/LoanCalculator': calculator }),
        deadline: Date.now() + 2_000,
        customerFetch: async (url) =>
          url in answers ? { status: 200, data: answers[url] } : { status: 404, data: null },
      });
    const visitors = slotModule('calculator', 'a visitor’s figures');
    const prefetchCustomerOnServer: RemoteModule['prefetchOnServer'] = async (client) => {
      await client.prefetchQuery({
        queryKey: ['answer', 'calculator'],
        queryFn: () => Promise.resolve('their figures'),
      });
    };

    const both = await renderFor({ ...visitors, prefetchCustomerOnServer });
    if (both.kind !== 'page') throw new Error('expected a page');
    expect(both.html).toContain('calculator their figures');
    expect(both.state.slots).toEqual({
      'remote_home/LoanCalculator': {
        release: 'ssr/remote-entry.aaaa.cjs',
        queries: ['["answer","calculator"]'],
      },
    });

    const visitorsOnly = await renderFor(visitors);
    if (visitorsOnly.kind !== 'page') throw new Error('expected a page');
    expect(visitorsOnly.html).not.toContain('a visitor’s figures');
    expect(visitorsOnly.state.slots).toEqual({});
  });

  it('sends a customer’s page without their data when their account does not answer', async () => {
    setProviderAddress('http://provider.invalid');
    const page = await renderPage({
      url: '/',
      audience: 'customer',
      config,
      loadSlot: loadSlotFrom(modules),
      deadline: Date.now() + 2_000,
      customerFetch: async () => ({ status: 502, data: null }),
    });
    if (page.kind !== 'page') throw new Error('expected a page');
    // The header's button names no one: the browser adds the name once it knows it.
    expect(page.html).toContain(`>${kaAccountButtons.myAccount}</button>`);
    expect(page.html).not.toContain(customer.first_name);
    expect(page.state).toMatchObject({ audience: 'customer', slots: {} });
    expect(page.state.queries.queries).toEqual([]);
  });

  it('sends the recovery form as its reserved place: a form that needs its script is never sent to fill in', async () => {
    const { page, asked, errors } = await renderAsking('/recovery', 'visitor', {
      'remote_account/RecoveryPage': slotModule('recovery form'),
    });
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(asked).toEqual([]);
    expect(page.html).not.toContain('recovery form');
    expect(page.html.match(/<!--\$!-->/g)).toHaveLength(1);
    // By design, not a failure: nothing for the log.
    expect(errors).toEqual([]);
  });

  it('leaves a customer’s guarded route to the browser, whose auth store knows the session', async () => {
    const page = await renderPage({
      url: '/recovery',
      audience: 'customer',
      config,
      loadSlot: loadSlotFrom(modules),
      deadline: Date.now() + 2_000,
    });
    expect(page).toEqual({ kind: 'browser' });
  });

  it('sends a slot whose answer failed or is late as its reserved place, never its loading or error state', async () => {
    const failing: RemoteModule = {
      default: () => <SlotText text="calculator" />,
      prefetchOnServer: async (client) => {
        await client.prefetchQuery({
          queryKey: ['answer', 'calculator'],
          queryFn: () => Promise.reject(new Error('the provider answered 500')),
        });
      },
    };
    const late: RemoteModule = {
      default: () => <SlotText text="questions" />,
      prefetchOnServer: () => new Promise(() => {}),
    };
    const page = await render(
      '/',
      { ...modules, 'remote_home/LoanCalculator': failing, 'remote_home/QuestionAnswers': late },
      300,
    );
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.html).toContain('slider no answer');
    expect(page.html).not.toContain('calculator no answer');
    expect(page.html).not.toContain('questions no answer');
    expect(page.html.match(/<!--\$!-->/g)).toHaveLength(2);
    expect(Object.keys(page.state.slots)).toEqual(['remote_home/HomeSlider']);
    expect(page.state.queries.queries).toEqual([]);
    // What became of each, for the page server's metrics (decision 029).
    const outcomes = Object.fromEntries(page.outcomes.map(({ slot, outcome }) => [slot, outcome]));
    expect(outcomes).toEqual({
      'remote_home/HomeSlider': 'rendered',
      'remote_home/LoanCalculator': 'failed',
      'remote_home/QuestionAnswers': 'late',
    });
    const waited = page.outcomes.find(({ slot }) => slot === 'remote_home/QuestionAnswers');
    expect(waited?.ms).toBeGreaterThanOrEqual(250);
  });

  it('answers an unknown path with the not-found page, status 404, its error in the state', async () => {
    const page = await render('/no-such-page');
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.status).toBe(404);
    expect(page.html).toContain(kaHost.errors.notFoundMessage);
    expect(Object.values(page.state.router.errors ?? {})).toEqual([
      { status: 404, statusText: 'Not Found', data: null },
    ]);
  });

  it('renders the terms page, which has no slots', async () => {
    const page = await render('/static', {});
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.status).toBe(200);
    expect(page.html).toContain(kaHost.terms.title);
  });

  it('sends a provider’s hostile HTML as the browser would show it: sanitised, as text', async () => {
    const page = await render('/', {
      ...modules,
      'remote_home/QuestionAnswers': { default: () => <ProviderHtml html={HOSTILE} /> },
    });
    if (page.kind !== 'page') throw new Error('expected a page');
    const answer = page.html.slice(page.html.indexOf('პასუხი') - 200);
    expect(answer).toContain('პასუხი');
    expect(answer).toContain('დეტალები');
    for (const hostile of [
      '<script',
      'onclick',
      'onerror',
      'javascript:',
      '<style',
      'elsewhere.test',
      'style="',
    ]) {
      expect(answer).not.toContain(hostile);
    }
  });

  it('judges the provider’s addresses by the page’s configuration, as the browser will', async () => {
    const image = `${OTHER_PROVIDER_ORIGIN}/api/cms/media/rates.png`;
    const page = await renderPage({
      url: '/',
      audience: 'visitor',
      config: { ...config, provider: otherProviderSite },
      loadSlot: loadSlotFrom({
        ...modules,
        'remote_home/QuestionAnswers': {
          default: () => <ProviderHtml html={`<p>განაკვეთები</p><img src="${image}" alt="">`} />,
        },
      }),
      deadline: Date.now() + 2_000,
    });
    setProviderSite(DEFAULT_PROVIDER_SITE);
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.html).toContain('<img src="/api/cms/media/rates.png" alt="">');
    expect(page.html).not.toContain(OTHER_PROVIDER_ORIGIN);
  });

  it('judges a bank’s address by the page’s configuration, as the browser will (contract v1.3)', async () => {
    const page = await renderPage({
      url: '/',
      audience: 'visitor',
      config: { ...config, payment: { pageOrigins: ['https://pay.bank.example'] } },
      loadSlot: loadSlotFrom({
        ...modules,
        'remote_home/QuestionAnswers': {
          default: () => (
            <>
              <BankLink href="https://pay.bank.example/p/1" />
              <BankLink href="https://evil.example/p/1" />
            </>
          ),
        },
      }),
      deadline: Date.now() + 2_000,
    });
    setPaymentPageOrigins([]);
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.html).toContain('<a href="https://pay.bank.example/p/1">bank</a>');
    expect(page.html).not.toContain('evil.example');
  });
});
