// The demo suite (demo-suite.mjs) in webkit.
import { demoSuite } from './demo-suite.mjs';

demoSuite('webkit');
