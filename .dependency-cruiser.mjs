// Import cycles, checked by dependency-cruiser in `npm run lint`: none between files and none between
// folders, type-only imports included (ESLint's import/no-cycle skips those and cannot see folders).
// A folder depends on another when one of its files imports a file outside it; a folder contains its
// subfolders, so a file importing from a parent folder is no cycle. Test files are left out: nothing
// imports them, so they close no cycle between files, and a folder's tests depend on the harness
// (server/src/testing) that starts what they test.
export default {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'Files import each other in a cycle: move what both need below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment: 'Folders import each other in a cycle: move what both need below both.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '(^|/)node_modules/', '(^|/)dist/', '^web/e2e/'] },
    tsPreCompilationDeps: true,
    // Workspace packages resolve through their exports to their sources, so cycles across packages count.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
