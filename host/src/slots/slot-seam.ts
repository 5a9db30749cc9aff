import { createContext } from 'react';

/*
 * Where a slice's render worker cuts a slot's markup out of the page it renders (decision 032).
 * Each slice renders in a worker of its own, the whole page around its slots, so its markup sits
 * where the browser will hydrate it (React's ids follow the tree); the host's own worker renders
 * the page around every slot, and the page server puts each slot's markup in its place. Only
 * such a render provides a seam: in the browser, and in the host's render, a slot is as always.
 */

/** The render's seam mark (a per-render nonce), or '' (no seam: the browser, the host's render). */
export const SlotSeamContext = createContext('');

/** The attribute a slot's place carries in a slice's render, naming the slot. */
export const SEAM_ATTRIBUTE = 'data-seam';

/** The text a slot's markup ends with in a slice's render. */
export const seamEnd = (mark: string) => `lender-seam-end-${mark}`;
