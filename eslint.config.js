// One linter for the whole repo: typescript-eslint's recommended rules, no formatting rules (prettier owns those),
// and the import rules of src/ (docs/architecture.md §"Layers"): no import cycles, no layer reaching up, and
// only src/config.ts reads the environment.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'

/**
 * The layers of src/, lowest first. A module may import its own layer and the ones below, never one
 * above: the contract and the leaf helpers know nothing of the store, the store nothing of the
 * domain, the domain nothing of HTTP or the CLI, and only the CLI knows the CLI.
 */
const LAYERS = [
  {
    name: 'base',
    paths: [
      './src/contract',
      './src/retrieval',
      './src/errors.ts',
      './src/clock.ts',
      './src/lines.ts',
      './src/version.ts',
      './src/faults.ts',
      './src/config.ts',
      './src/data-dir.ts',
    ],
  },
  { name: 'store', paths: ['./src/store', './src/metrics.ts', './src/tracing.ts', './src/limiter'] },
  { name: 'domain', paths: ['./src/domain', './src/corpus', './src/agent', './src/jobs', './src/mcp'] },
  { name: 'http', paths: ['./src/http', './src/app.ts', './src/deps.ts', './src/open-store.ts'] },
  { name: 'cli', paths: ['./src/cli'] },
]
const layerZones = LAYERS.flatMap((layer, i) =>
  LAYERS.slice(i + 1).map((above) => ({
    target: layer.paths,
    from: above.paths,
    message: `the ${layer.name} layer may not import the ${above.name} layer (eslint.config.js LAYERS)`,
  })),
)

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'data/',
      'dist/',
      'packages/sdk/dist/',
      'dashboard/dist/',
      'bench/results/',
      'coverage/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        structuredClone: 'readonly',
        performance: 'readonly',
        queueMicrotask: 'readonly',
        setImmediate: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.js'] } },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts'],
    },
    rules: {
      // Rings of value imports fail here. The rule does not follow `import type`;
      // test/unit/import-rings.test.ts fails on rings of types too (docs/architecture.md, "Layers").
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'only src/config.ts reads the environment' },
      ],
    },
  },
  { files: ['src/config.ts'], rules: { 'no-restricted-properties': 'off' } },
)
