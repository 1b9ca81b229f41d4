// The package smoke suite (smoke-suite.mjs) in firefox.
import { smokeSuite } from './smoke-suite.mjs';

smokeSuite('firefox');
