// The threaded build's browser suite (threads-suite.mjs) in chromium.
import { threadsSuite } from './threads-suite.mjs';

threadsSuite('chromium');
