// The <stride-view> element suite (element-suite.mjs) in firefox.
import { elementSuite } from './element-suite.mjs';

elementSuite('firefox');
