// The demo suite (demo-suite.mjs) in chromium.
import { demoSuite } from './demo-suite.mjs';

demoSuite('chromium');
