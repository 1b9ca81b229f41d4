// The <stride-view> element suite (element-suite.mjs) in chromium.
import { elementSuite } from './element-suite.mjs';

elementSuite('chromium');
