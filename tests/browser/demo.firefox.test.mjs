// The demo suite (demo-suite.mjs) in firefox.
import { demoSuite } from './demo-suite.mjs';

demoSuite('firefox');
