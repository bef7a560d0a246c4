import type { MatrixArea } from './types.js';

export const area: MatrixArea = {
  expectations: {
    'GET /api/dashboard': {
      allowed: ['admin', 'office', 'head', 'teacher', 'viewer', 'pending'],
      sample: () => ({}),
      otherSchool: 'own',
    },
  },
};
