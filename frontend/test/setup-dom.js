// jsdom does not implement scrolling; the router's scroll restoration calls it after each navigation.
window.scrollTo = () => {};

// `findBy…` and `waitFor` wait for what a test expects to appear, not for a time: on a busy
// two-core machine a render can take seconds, so their limit is only a backstop for a test that
// would otherwise hang. (Configured through the DOM library: importing the React one here, before
// the test framework, would turn off its cleanup after each test.)
import { configure } from '@testing-library/dom';
configure({ asyncUtilTimeout: 30_000 });
