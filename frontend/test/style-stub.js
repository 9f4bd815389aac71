// Stylesheets mean nothing to jsdom; Jest maps every `*.css` import here.
export default {};
