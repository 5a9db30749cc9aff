import { paymentPageAddress, setPaymentPageOrigins } from './payment-page';

describe('the bank’s payment page', () => {
  beforeEach(() => setPaymentPageOrigins(['http://127.0.0.1:4100', 'https://pay.bank.ge/']));
  afterEach(() => setPaymentPageOrigins([]));

  it.each([
    ['http://127.0.0.1:4100/pay/abc?x=1', 'http://127.0.0.1:4100/pay/abc?x=1'],
    ['https://pay.bank.ge/p/1', 'https://pay.bank.ge/p/1'],
    ['  HTTPS://PAY.bank.ge:443/p/1', 'https://pay.bank.ge/p/1'],
  ])('follows %s on an origin the configuration lists', (address, expected) => {
    expect(paymentPageAddress(address)).toBe(expected);
  });

  it.each([
    ['a relative address', '/pay/abc'],
    ['a protocol-relative one', '//127.0.0.1:4100/pay/abc'],
    ['another port', 'http://127.0.0.1:4101/pay/abc'],
    ['another scheme on the bank’s host', 'https://127.0.0.1:4100/pay/abc'],
    ['another host', 'https://evil.example/pay'],
    ['a host that only starts like the bank’s', 'https://pay.bank.ge.evil.example/p'],
    ['credentials before the bank’s host', 'https://pay.bank.ge@evil.example/p'],
    ['credentials on the bank’s host', 'https://user:pw@pay.bank.ge/p'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['nothing', ''],
    ['null', null],
  ])('refuses %s', (_, address) => {
    expect(paymentPageAddress(address)).toBeNull();
  });

  it('follows nothing while the page knows no bank', () => {
    setPaymentPageOrigins([]);
    expect(paymentPageAddress('http://127.0.0.1:4100/pay/abc')).toBeNull();
  });
});
