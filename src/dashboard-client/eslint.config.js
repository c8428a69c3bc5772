import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { typescriptRules } from '../../eslint.config.js';

/** The server's TypeScript rules, and the rules of hooks with effects that list what they read. */
export default tseslint.config(
  { ignores: ['gql/**', 'eslint.config.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: typescriptRules,
  },
  reactHooks.configs.flat.recommended,
);
