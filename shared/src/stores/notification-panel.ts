import { useUiStore } from 'shared/stores/ui-store';
import { create } from 'zustand';

/*
 * The customer's notifications panel (contract v1.4): the host's bell asks for it, the account
 * slice shows it. A store of its own beside the UI store's `accountPanel`, not another kind of
 * that panel: a slice built against an older shared reads `AccountPanel` as it knew it (decision
 * 010: add beside, never change). One panel at a time: asking for either closes the other.
 */

/** The header's bell, which the panel gives focus back to when it closes. */
export const NOTIFICATIONS_BUTTON_ID = 'notifications-button';
export const NOTIFICATIONS_PANEL_ID = 'notifications-panel';

interface NotificationPanelState {
  open: boolean;
  request: () => void;
  dismiss: () => void;
}

export const useNotificationPanel = create<NotificationPanelState>()((set) => ({
  open: false,
  request: () => {
    useUiStore.getState().dismissAccountPanel();
    set({ open: true });
  },
  dismiss: () => set({ open: false }),
}));

useUiStore.subscribe((state) => {
  if (state.accountPanel !== null && useNotificationPanel.getState().open) {
    useNotificationPanel.setState({ open: false });
  }
});
