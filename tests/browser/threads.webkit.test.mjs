// The threaded build's browser suite (threads-suite.mjs) in webkit.
import { threadsSuite } from './threads-suite.mjs';

threadsSuite('webkit');
