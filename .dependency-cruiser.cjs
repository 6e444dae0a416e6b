/** The rooms of docs/architecture.md, enforced. */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-feature',
      comment: 'A renderer feature never reaches into another feature; move shared things down to components/, lib/ or platform/.',
      severity: 'error',
      from: { path: '^src/renderer/features/([^/]+)/' },
      to: { path: '^src/renderer/features/([^/]+)/', pathNot: '^src/renderer/features/$1/' },
    },
    {
      name: 'shared-runs-anywhere',
      comment: 'src/shared is imported by every part: no Node built-ins, no Electron, no DOM-only libraries.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { pathNot: ['^src/shared/', 'node_modules/zod/'] },
    },
    {
      name: 'renderer-stays-in-the-page',
      comment: 'The renderer reaches main only through the bridge and the server only over HTTP.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(main|server|preload)/' },
    },
    {
      name: 'renderer-no-node',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'icons-through-one-module',
      comment: 'Icons come from components/icon.tsx: one set, one accessible look, and only the drawings the app names in the bundle.',
      severity: 'error',
      from: { pathNot: '^src/renderer/components/icon\\.tsx$' },
      to: { path: 'node_modules/lucide-react/' },
    },
    {
      name: 'preload-is-a-thin-bridge',
      severity: 'error',
      from: { path: '^src/preload/' },
      to: { path: '^src/(main|server|renderer)/' },
    },
    {
      name: 'main-does-not-import-server-or-renderer',
      comment: 'The embedded server runs in its own utility process, built as a separate entry.',
      severity: 'error',
      from: { path: '^src/main/' },
      to: { path: '^src/(server|renderer)/' },
    },
    {
      name: 'server-independent-of-desktop',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(main|preload|renderer)/' },
    },
    {
      name: 'server-modules-keep-their-queries',
      comment: 'Server modules depend on db/, storage/ and src/shared, never on each other.',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/([^/]+)/', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'server-shared-is-a-floor',
      comment: 'src/server/shared is what every server module may import (audit rows, display names, folding, sealing…): it imports no module, job or route, and reads only the schema\'s types.',
      severity: 'error',
      from: { path: '^src/server/shared/' },
      to: { path: '^src/server/', pathNot: ['^src/server/shared/', '^src/server/db/schema\\.ts$'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages stay out of the graph, except the icon set, whose one door the rule above keeps.
    exclude: { path: '^(?!.*node_modules/lucide-react/).*(^|/)(out|dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
