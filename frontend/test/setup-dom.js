// jsdom does not implement scrolling; the router's scroll restoration calls it after each navigation.
window.scrollTo = () => {};
