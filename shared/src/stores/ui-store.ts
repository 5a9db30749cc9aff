import { create } from 'zustand';

/** What the home page's loan area shows: the promo slider (default) or the application panel. */
export type ActiveLoanComponent = 'slider' | 'application';

interface UiState {
  sidebarOpen: boolean;
  activeLoanComponent: ActiveLoanComponent;
  /** Set by any slice that needs the login form shown (the account slice renders it). */
  loginRequested: boolean;
  openSidebar: () => void;
  closeSidebar: () => void;
  toggleSidebar: () => void;
  setActiveLoanComponent: (component: ActiveLoanComponent) => void;
  requestLogin: () => void;
  dismissLogin: () => void;
}

export const useUiStore = create<UiState>()((set) => ({
  sidebarOpen: false,
  activeLoanComponent: 'slider',
  loginRequested: false,
  openSidebar: () => set({ sidebarOpen: true }),
  closeSidebar: () => set({ sidebarOpen: false }),
  toggleSidebar: () => set((state) => ({ sidebarOpen: !state.sidebarOpen })),
  setActiveLoanComponent: (activeLoanComponent) => set({ activeLoanComponent }),
  requestLogin: () => set({ loginRequested: true }),
  dismissLogin: () => set({ loginRequested: false }),
}));
