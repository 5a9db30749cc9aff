import { act } from '@testing-library/react';
import { useUiStore } from './ui-store';

const state = () => useUiStore.getState();

describe('the UI store', () => {
  it('starts with the side bar closed, the loan slider active and no login requested', () => {
    expect(state()).toMatchObject({
      sidebarOpen: false,
      activeLoanComponent: 'slider',
      accountPanel: null,
    });
  });

  it('opens and closes the side bar', () => {
    act(() => state().openSidebar());
    expect(state().sidebarOpen).toBe(true);
    act(() => state().closeSidebar());
    expect(state().sidebarOpen).toBe(false);
  });

  it('toggles the side bar between open and closed', () => {
    act(() => state().toggleSidebar());
    expect(state().sidebarOpen).toBe(true);
    act(() => state().toggleSidebar());
    expect(state().sidebarOpen).toBe(false);
  });

  it('switches the active loan component', () => {
    act(() => state().setActiveLoanComponent('application'));
    expect(state().activeLoanComponent).toBe('application');
    act(() => state().setActiveLoanComponent('slider'));
    expect(state().activeLoanComponent).toBe('slider');
  });

  it('records a login or registration request until it is dismissed', () => {
    act(() => state().requestLogin());
    expect(state().accountPanel).toBe('login');
    act(() => state().requestRegistration());
    expect(state().accountPanel).toBe('register');
    act(() => state().dismissAccountPanel());
    expect(state().accountPanel).toBeNull();
  });
});
