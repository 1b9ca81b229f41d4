// The <stride-view> element suite (element-suite.mjs) in webkit.
import { elementSuite } from './element-suite.mjs';

elementSuite('webkit');
