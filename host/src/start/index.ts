import { startAfterPaint } from './start-after-paint';

// Its own bundle (host/rspack.config.ts): a few hundred bytes, none of the host's modules.
startAfterPaint(document.currentScript);
