// The package smoke suite (smoke-suite.mjs) in webkit.
import { smokeSuite } from './smoke-suite.mjs';

smokeSuite('webkit');
