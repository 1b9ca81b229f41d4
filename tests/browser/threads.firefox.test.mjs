// The threaded build's browser suite (threads-suite.mjs) in firefox.
import { threadsSuite } from './threads-suite.mjs';

threadsSuite('firefox');
