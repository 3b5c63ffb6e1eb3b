import { describe, expect, it } from 'vitest';
import { parseAdminArguments, UsageError } from './arguments';

const STRONG = 'harvest-festival-2025';

function refusal(args: string[]): string {
  try {
    parseAdminArguments(args);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`accepted ${args.join(' ')}`);
}

describe('admin command line arguments', () => {
  it('reads create-user with every option', () => {
    const command = parseAdminArguments([
      'create-user',
      '--role',
      'SUPER',
      '--email',
      'a@b.au',
      '--password',
      STRONG,
      '--first-name',
      'Ada',
      '--last-name',
      'Lovelace',
    ]);

    expect(command).toEqual({
      command: 'create-user',
      role: 'SUPER',
      email: 'a@b.au',
      password: STRONG,
      firstName: 'Ada',
      lastName: 'Lovelace',
      governedState: null,
    });
  });

  it('names an account made without names after its role, and leaves the password to be made', () => {
    expect(parseAdminArguments(['create-user', '--role', 'developer', '--email', 'dev@b.au'])).toMatchObject({
      role: 'DEVELOPER',
      firstName: 'ChurchTrades',
      lastName: 'Developer',
      password: undefined,
    });
  });

  it('gives a GOVERNOR the state of --state, and refuses one without', () => {
    expect(parseAdminArguments(['create-user', '--role', 'GOVERNOR', '--email', 'g@b.au', '--state', 'qld'])).toMatchObject({
      governedState: 'QLD',
    });
    expect(refusal(['create-user', '--role', 'GOVERNOR', '--email', 'g@b.au'])).toMatch(/GOVERNOR needs --state/);
    expect(refusal(['create-user', '--role', 'ADMIN', '--email', 'g@b.au', '--state', 'NSW'])).toMatch(/only for a GOVERNOR/);
  });

  it('reads reset-password with and without a password', () => {
    expect(parseAdminArguments(['reset-password', '--email', 'a@b.au'])).toEqual({
      command: 'reset-password',
      email: 'a@b.au',
      password: undefined,
    });
    expect(parseAdminArguments(['reset-password', '--email', 'a@b.au', `--password=${STRONG}`])).toMatchObject({
      password: STRONG,
    });
  });

  it.each([
    [['create-user', '--role', 'OWNER', '--email', 'a@b.au'], /Unknown role OWNER/],
    [['create-user', '--role', 'SELECT', '--email', 'a@b.au'], /Unknown role SELECT/],
    [['create-user', '--email', 'a@b.au'], /--role is required/],
    [['create-user', '--role', 'SUPER'], /--email is required/],
    [['create-user', '--role', 'SUPER', '--email', 'not-an-address'], /not an e-mail address/],
    [['create-user', '--role', 'SUPER', '--email', 'a@b.au', '--password', 'abc'], /--password: Use at least 8 characters/],
    [['create-user', '--role', 'SUPER', '--email', 'a@b.au', '--password', 'abcdefg'], /--password: Use at least 8 characters/],
    [['create-user', '--role', 'SUPER', '--email', 'a@b.au', '--first-name', 'a'.repeat(51)], /--first-name must be at most 50 characters/],
    [['create-user', '--role', 'SUPER', '--email', 'a@b.au', '--first-name', ' '], /--first-name must not be empty/],
    [['reset-password', '--email', 'a@b.au', '--role', 'SUPER'], /--role is not an option of reset-password/],
    [['reset-password', '--email', 'a@b.au', '--pasword', STRONG], /Unknown option '--pasword'/],
    [['reset-password', 'a@b.au'], /Unexpected argument a@b.au/],
    [['delete-user', '--email', 'a@b.au'], /Unknown command delete-user/],
  ])('refuses %j', (args, message) => {
    expect(refusal(args)).toMatch(message);
  });

  it('asks for the usage with no command, help or --help', () => {
    expect(parseAdminArguments([])).toEqual({ command: 'help' });
    expect(parseAdminArguments(['help'])).toEqual({ command: 'help' });
    expect(parseAdminArguments(['create-user', '--help'])).toEqual({ command: 'help' });
  });
});
