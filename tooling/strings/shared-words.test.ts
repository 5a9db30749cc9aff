import { ka } from 'shared/strings/ka';
import { judgeWords, keyPaths, productionRemotes, readersNow, reads } from './shared-words.ts';
import { productWordsNow, readWords, repeatedSentences, repeatedTables } from './words-once.ts';

describe('reads', () => {
  it('sees a key, and a group read whole or by index, never a longer name', () => {
    expect(reads('x = ka.loans.title;', 'loans.title')).toBe(true);
    expect(reads('ka.loans.status[s]', 'loans.status.active')).toBe(true);
    expect(reads('ka.loans.titles', 'loans.title')).toBe(false);
    expect(reads('kaLoans.title', 'loans.title')).toBe(false);
    expect(reads('ka.loans.other', 'loans.title')).toBe(false);
  });
});

describe('judgeWords', () => {
  const now = { host: 'ka.a.both ka.a.host', 'remote-home': 'ka.a.both', shared: 'ka.a.own' };
  it('keeps what two apps or shared read, and a slice word production still reads', () => {
    const verdict = judgeWords(
      ['a.both', 'a.host', 'a.own', 'a.old', 'a.gone'],
      now,
      'ka.a.old ka.a.host',
    );
    expect(verdict).toEqual({ oneApp: [], unread: ['a.gone'], keptForProduction: ['a.old'] });
  });
  it('names a word one app alone reads', () => {
    expect(judgeWords(['a.host'], now, '').oneApp).toEqual(['a.host (host)']);
  });
});

describe("shared's Georgian words (shared/strings/ka)", () => {
  it('are read by two apps or by shared, or by the release in production until it is replaced', () => {
    const verdict = judgeWords(keyPaths(ka), readersNow(), productionRemotes());
    expect(verdict.oneApp, 'one app reads these: move them to it').toEqual([]);
    expect(verdict.unread, 'nothing reads these, not even the release in production').toEqual([]);
  }, 60_000);
});

describe('the product’s Georgian, written once (tooling/strings/words-once)', () => {
  const module = (source: string, file = 'remote-loans/src/ka-x.ts') => readWords(file, source);

  it('reads every Georgian text of a word module, with its key, and its tables', () => {
    const { texts, tables } = module(
      "const once = 'ერთხელ დაწერილი წინადადება.';\nexport const kaX = { a: 'ა', b: { c: 'გ', d: 'დ', e: 'ე' }, f: once, n: 3 };",
    );
    expect(texts.map(({ key, text }) => `${key}=${text}`)).toEqual([
      'once=ერთხელ დაწერილი წინადადება.',
      'kaX.a=ა',
      'kaX.b.c=გ',
      'kaX.b.d=დ',
      'kaX.b.e=ე',
    ]);
    expect(tables.map(({ key, keys }) => `${key}:${keys.join(',')}`)).toContain('kaX.b:c,d,e');
  });

  it('finds a sentence one app writes twice, or writes beside shared’s, and lets two slices each keep theirs', () => {
    const sentence = 'ბარათზე საკმარისი თანხა არ იყო.';
    const at = (file: string, key: string) => ({ file, key, text: sentence });
    expect(
      repeatedSentences([at('remote-loans/src/a.ts', 'a'), at('remote-loans/src/b.ts', 'b')]),
    ).toEqual([['remote-loans/src/a.ts: a', 'remote-loans/src/b.ts: b']]);
    expect(
      repeatedSentences([at('host/src/a.ts', 'a'), at('shared/src/strings/ka.ts', 'b')]),
    ).toHaveLength(1);
    expect(
      repeatedSentences([at('remote-loans/src/a.ts', 'a'), at('remote-account/src/b.ts', 'b')]),
    ).toEqual([]);
    // A label may name its own place twice.
    expect(
      repeatedSentences([
        { file: 'remote-loans/src/a.ts', key: 'a', text: 'დახურვა' },
        { file: 'remote-loans/src/b.ts', key: 'b', text: 'დახურვა' },
      ]),
    ).toEqual([]);
  });

  it('finds the decline reasons named in two tables of one app, not the rows of one table', () => {
    const reasons = [
      'authentication_failed',
      'bank_unavailable',
      'card_declined',
      'insufficient_funds',
    ];
    expect(
      repeatedTables([
        { file: 'remote-loans/src/a.ts', key: 'kaA.declined', keys: reasons },
        { file: 'remote-loans/src/b.ts', key: 'kaB.reason', keys: reasons },
      ]),
    ).toHaveLength(1);
    expect(
      repeatedTables([
        { file: 'remote-loans/src/a.ts', key: 'kaA.steps.email', keys: ['send', 'sent', 'title'] },
        { file: 'remote-loans/src/a.ts', key: 'kaA.steps.phone', keys: ['send', 'sent', 'title'] },
      ]),
    ).toEqual([]);
  });

  it('holds for every app’s words now: no sentence and no table written twice', () => {
    const words = productWordsNow();
    expect(words.modules.length).toBeGreaterThan(20);
    expect(repeatedSentences(words.texts), 'write each once and refer to it').toEqual([]);
    expect(repeatedTables(words.tables), 'name these things in one table').toEqual([]);
  });
});
