// The package smoke suite (smoke-suite.mjs) in chromium.
import { smokeSuite } from './smoke-suite.mjs';

smokeSuite('chromium');
