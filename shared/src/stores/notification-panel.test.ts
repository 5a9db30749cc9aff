import { useNotificationPanel } from './notification-panel';
import { useUiStore } from './ui-store';

describe('the notifications panel', () => {
  it('is one panel at a time with the account’s: asking for either closes the other', () => {
    useUiStore.getState().requestAccount();
    useNotificationPanel.getState().request();
    expect(useUiStore.getState().accountPanel).toBeNull();
    expect(useNotificationPanel.getState().open).toBe(true);

    useUiStore.getState().requestLogin();
    expect(useNotificationPanel.getState().open).toBe(false);
    expect(useUiStore.getState().accountPanel).toBe('login');
  });
});
