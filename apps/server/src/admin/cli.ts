import { ConfigError, loadConfig } from '../config/config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { AdminCommandError, commandUsers, createUserAccount, type PasswordOutcome, resetUserPassword } from './accounts';
import { type AdminCommand, parseAdminArguments, USAGE, UsageError } from './arguments';

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

function readCommand(): AdminCommand {
  try {
    return parseAdminArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(EXIT_USAGE);
  }
}

function reportPassword(email: string, outcome: PasswordOutcome): void {
  if (outcome.generated) console.log(`Password of ${email}, shown this once: ${outcome.password}`);
}

/**
 * `npm run admin -- <command>`: account work for the operator, on the database the server uses (DATABASE_URL,
 * or the embedded one in DATA_DIR while no server holds it), migrated first.
 */
async function main(): Promise<void> {
  const command = readCommand();
  if (command.command === 'help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig(process.env);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const users = commandUsers(database.db, config);
  try {
    await database.migrate();
    if (command.command === 'create-user') {
      const outcome = await createUserAccount(users, command);
      console.log(`Created the ${command.role} account ${command.email}, verified and enabled.`);
      reportPassword(command.email, outcome);
    } else {
      const outcome = await resetUserPassword(users, command);
      console.log(`Set a new password for ${command.email} and ended its sessions.`);
      reportPassword(command.email, outcome);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const expected = [ConfigError, DataDirLockedError, AdminCommandError].some((kind) => error instanceof kind);
  console.error(expected ? (error as Error).message : error);
  process.exit(EXIT_FAILED);
});
