import { ka } from 'shared/strings/ka';
import {
  judgeWords,
  keyPaths,
  productionRemotes,
  readersNow,
  reads,
} from 'tooling/strings/shared-words';

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
