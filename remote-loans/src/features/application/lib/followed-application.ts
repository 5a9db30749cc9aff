import { create } from 'zustand';

interface FollowedApplicationState {
  /** The application this page submitted: its outcome stays shown until the customer is done. */
  followedId: number | null;
  follow: (id: number) => void;
  forget: () => void;
}

/**
 * The loans slice's own memory of the application it is following. Module state of the
 * remote, so it outlives a remount of the slot (no data a customer entered is lost).
 */
export const useFollowedApplication = create<FollowedApplicationState>()((set) => ({
  followedId: null,
  follow: (followedId) => set({ followedId }),
  forget: () => set({ followedId: null }),
}));
