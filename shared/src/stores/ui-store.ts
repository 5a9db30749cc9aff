import { create } from 'zustand';

/**
 * What the home page's loan area shows: 'slider' (the spec's default — the calculator, whose
 * amount is a slider) or 'application' (the loans slice's application in progress).
 */
export type ActiveLoanComponent = 'slider' | 'application';

/** Login and registration for visitors; the account settings (profile, password) for customers. */
export type AccountPanel = 'login' | 'register' | 'account';

interface UiState {
  sidebarOpen: boolean;
  activeLoanComponent: ActiveLoanComponent;
  /**
   * The account panel the header shows: any slice may ask for the login or registration form
   * (the account slice renders both).
   */
  accountPanel: AccountPanel | null;
  openSidebar: () => void;
  closeSidebar: () => void;
  toggleSidebar: () => void;
  setActiveLoanComponent: (component: ActiveLoanComponent) => void;
  requestLogin: () => void;
  requestRegistration: () => void;
  requestAccount: () => void;
  dismissAccountPanel: () => void;
}

export const useUiStore = create<UiState>()((set) => ({
  sidebarOpen: false,
  activeLoanComponent: 'slider',
  accountPanel: null,
  openSidebar: () => set({ sidebarOpen: true }),
  closeSidebar: () => set({ sidebarOpen: false }),
  toggleSidebar: () => set((state) => ({ sidebarOpen: !state.sidebarOpen })),
  setActiveLoanComponent: (activeLoanComponent) => set({ activeLoanComponent }),
  requestLogin: () => set({ accountPanel: 'login' }),
  requestRegistration: () => set({ accountPanel: 'register' }),
  requestAccount: () => set({ accountPanel: 'account' }),
  dismissAccountPanel: () => set({ accountPanel: null }),
}));
