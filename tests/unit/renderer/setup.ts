import { configure } from '@testing-library/react';

// Screens are lazy chunks transformed on first import: on a busy two-core machine the first
// render can take longer than testing-library's default second.
configure({ asyncUtilTimeout: 5000 });
