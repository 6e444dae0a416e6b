import { fuzzSuite } from './api-fuzz-suite';

// The API fuzz suite (api-fuzz-suite.ts), part 1 of 2: the two files run on the server step's two workers side by side.
fuzzSuite(0, 2);
