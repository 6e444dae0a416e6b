import { describe, expect, it } from 'vitest';
import { firstScreenFiles, localeKeys, routeChunks, staticClosure, type Manifest } from '../../../bench/first-screen-graph';

// A tiny Vite manifest: the entry imports vendor and shared code statically and the screens
// lazily; the login screen shares a chunk with the entry; texts come as files or as a grouped chunk.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-aaaa1111.js',
    isEntry: true,
    imports: ['_vendor-react-bbbb2222.js', '_shared-cccc3333.js'],
    dynamicImports: ['features/auth/login-screen.tsx', 'features/home/home-screen.tsx', '_locale-en-dddd4444.js', '../../locales/sq/auth.json'],
    css: ['assets/index-eeee5555.css'],
  },
  '_vendor-react-bbbb2222.js': { file: 'assets/vendor-react-bbbb2222.js' },
  '_shared-cccc3333.js': { file: 'assets/shared-cccc3333.js', imports: ['_vendor-react-bbbb2222.js'] },
  'features/auth/login-screen.tsx': {
    file: 'assets/login-screen-ffff6666.js',
    isDynamicEntry: true,
    imports: ['_shared-cccc3333.js', '_form-gggg7777.js'],
    dynamicImports: ['components/two-factor-enrolment.tsx'],
    css: ['assets/login-screen-hhhh8888.css'],
  },
  '_form-gggg7777.js': { file: 'assets/form-gggg7777.js', imports: ['_vendor-react-bbbb2222.js'] },
  'components/two-factor-enrolment.tsx': { file: 'assets/two-factor-enrolment-iiii9999.js', isDynamicEntry: true, imports: ['_qrcode-jjjj0000.js'] },
  '_qrcode-jjjj0000.js': { file: 'assets/qrcode-jjjj0000.js' },
  'features/home/home-screen.tsx': { file: 'assets/home-screen-kkkk1111.js', isDynamicEntry: true, imports: ['_table-llll2222.js'] },
  '_table-llll2222.js': { file: 'assets/table-llll2222.js' },
  '_locale-en-dddd4444.js': { file: 'assets/locale-en-dddd4444.js', name: 'locale-en', imports: ['_runtime-mmmm3333.js'] },
  '_runtime-mmmm3333.js': { file: 'assets/runtime-mmmm3333.js' },
  '../../locales/sq/auth.json': { file: 'assets/auth-nnnn4444.js', isDynamicEntry: true },
};

describe('the first-screen bench walks the build manifest', () => {
  it('follows static imports only, each chunk once, and names a missing entry', () => {
    expect(staticClosure(manifest, ['features/auth/login-screen.tsx']).sort()).toEqual(
      ['_form-gggg7777.js', '_shared-cccc3333.js', '_vendor-react-bbbb2222.js', 'features/auth/login-screen.tsx'].sort(),
    );
    expect(() => staticClosure(manifest, ['nowhere.tsx'])).toThrow("'nowhere.tsx'");
  });

  it('finds a language by its grouped chunk or its JSON files', () => {
    expect(localeKeys(manifest, 'en')).toEqual(['_locale-en-dddd4444.js']);
    expect(localeKeys(manifest, 'sq')).toEqual(['../../locales/sq/auth.json']);
    expect(localeKeys(manifest, 'sr')).toEqual([]);
  });

  it("counts only the first screen's namespaces when the texts come as files and those are named", () => {
    expect(localeKeys(manifest, 'sq', ['common'])).toEqual([]);
    expect(localeKeys(manifest, 'sq', ['auth', 'common'])).toEqual(['../../locales/sq/auth.json']);
    // The grouped chunk holds the first screen's namespaces (its other screens' chunk is named apart).
    expect(localeKeys({ ...manifest, '_locale-en-screens-oooo5555.js': { file: 'assets/locale-en-screens-oooo5555.js', name: 'locale-en-screens' } }, 'en', ['auth'])).toEqual(['_locale-en-dddd4444.js']);
  });

  it('counts the entry, the route with its imports and the language, not what loads later', () => {
    const files = firstScreenFiles(manifest, { entry: 'index.html', route: 'features/auth/login-screen.tsx', languages: ['en'] });
    expect(files.js.sort()).toEqual(
      [
        'assets/index-aaaa1111.js',
        'assets/vendor-react-bbbb2222.js',
        'assets/shared-cccc3333.js',
        'assets/login-screen-ffff6666.js',
        'assets/form-gggg7777.js',
        'assets/locale-en-dddd4444.js',
        'assets/runtime-mmmm3333.js',
      ].sort(),
    );
    // The lazy enrolment, another screen and another language are not part of the sign-in page.
    expect(files.js).not.toContain('assets/qrcode-jjjj0000.js');
    expect(files.js).not.toContain('assets/home-screen-kkkk1111.js');
    expect(files.js).not.toContain('assets/auth-nnnn4444.js');
    expect(files.css.sort()).toEqual(['assets/index-eeee5555.css', 'assets/login-screen-hhhh8888.css']);
  });

  it('lists the screens as route chunks', () => {
    expect(routeChunks(manifest)).toEqual([
      { key: 'features/auth/login-screen.tsx', file: 'assets/login-screen-ffff6666.js' },
      { key: 'features/home/home-screen.tsx', file: 'assets/home-screen-kkkk1111.js' },
    ]);
  });
});
