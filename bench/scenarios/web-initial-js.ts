import type { Scenario } from '../lib/context.js';

export const webInitialJs: Scenario = {
  name: 'web-initial-js',
  unit: '',
  target: { of: 'ratio', op: '<=', bound: 2 },
  invariant: '',
  run: () => Promise.reject(new Error('placeholder')),
};
