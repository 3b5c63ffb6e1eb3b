import { describe, expect, it } from 'vitest';
import { isReadOnlyRole } from './read-only';
import { ROLES } from './roles';

describe('isReadOnlyRole', () => {
  it('makes USER (and SELECT, no role chosen) read-only, and no other role', () => {
    expect(ROLES.filter(isReadOnlyRole)).toEqual(['SELECT', 'USER']);
  });
});
