import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default, which a loaded machine can exceed between two
// renders; they still return as soon as the condition holds.
configure({ asyncUtilTimeout: 10_000 });
