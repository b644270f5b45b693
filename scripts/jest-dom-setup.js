require('@testing-library/jest-dom');

// findBy*/waitFor give up after 1 s by default; a busy 2-core CI machine can take longer to render a
// screen whose data arrives from a mocked fetch, so the component suites wait up to 5 s.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
