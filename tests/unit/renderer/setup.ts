import { configure } from '@testing-library/react';
import { provideBundledLocales } from '../../../src/renderer/lib/i18n';

// Screens are lazy chunks transformed on first import: on a busy two-core machine the first
// render can take longer than testing-library's default second.
configure({ asyncUtilTimeout: 5000 });

// The app fetches each language's texts lazily; tests render at once and switch languages
// without waiting, so every language is handed in up front.
provideBundledLocales(import.meta.glob('../../../locales/*/*.json', { eager: true, import: 'default' }));
