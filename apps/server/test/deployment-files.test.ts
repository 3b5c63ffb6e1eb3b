import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/config';

/**
 * No container engine runs here: the Dockerfile, .dockerignore and compose.yaml are checked by reading them, for
 * what would otherwise only show when an image is built or started.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

/** The Dockerfile's stages, each with its instructions; continued lines joined, comments left out. */
function dockerfileStages(text: string): Stage[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim());
  const stages: Stage[] = [];
  for (const line of lines.filter((candidate) => candidate !== '' && !candidate.startsWith('#'))) {
    const [, keyword = '', args = ''] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    const from = /^(\S+)\s+AS\s+(\S+)$/i.exec(args);
    if (keyword.toUpperCase() === 'FROM' && from) stages.push({ base: from[1]!, name: from[2]!, instructions: [] });
    else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

const all = (stage: Stage, keyword: string) => stage.instructions.filter((instruction) => instruction.keyword === keyword);

/** `COPY [--from=x] a b dest` as its sources, destination and stage. */
function copyOf({ args }: Instruction): { from: string | undefined; sources: string[]; destination: string } {
  const words = args.split(/\s+/);
  const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
  const paths = words.filter((word) => !word.startsWith('--'));
  return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
}

/** Whether .dockerignore keeps the path out of the build context (patterns as Docker reads them, `!` included). */
function ignoredByDocker(file: string, patterns: string[]): boolean {
  const matches = (pattern: string) => {
    const source = pattern
      .split('**/')
      .map((part) => part.replace(/[.+^${}()|[\]]/g, '\\$&').replace(/\*/g, '[^/]*'))
      .join('(?:.*/)?');
    return new RegExp(`^${source}(?:/.*)?$`).test(file);
  };
  return patterns.reduce(
    (ignored, pattern) => (pattern.startsWith('!') ? ignored && !matches(pattern.slice(1)) : ignored || matches(pattern)),
    false,
  );
}

const stages = dockerfileStages(read('Dockerfile'));
const runtime = stages.at(-1)!;
const ignorePatterns = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

describe('Dockerfile', () => {
  it('builds the web app and the server in one stage and runs from a last stage of its own', () => {
    expect(runtime.name).toBe('runtime');
    const builds = (stage: Stage) => all(stage, 'RUN').map(({ args }) => args);
    const build = stages.find((stage) => builds(stage).includes('npm run build -w @churchtrades/web'));
    expect(build).toBeDefined();
    expect(builds(build!)).toContain('npm run build -w @churchtrades/server');
    const copies = all(runtime, 'COPY').map(copyOf);
    expect(copies).toContainEqual({ from: build!.name, sources: ['/app/apps/web/dist'], destination: 'apps/web/dist' });
    expect(copies).toContainEqual({ from: build!.name, sources: ['/app/apps/server/dist'], destination: 'apps/server/dist' });
    expect(copies).toContainEqual({ from: undefined, sources: ['apps/server/drizzle'], destination: 'apps/server/drizzle' });
  });

  it('runs as a user other than root, in production, on port 3000, with its data on a volume', () => {
    const [user] = all(runtime, 'USER');
    expect(user?.args).toMatch(/^(?!root$|0$)\S+$/);
    const env = all(runtime, 'ENV').map(({ args }) => args).join(' ');
    expect(env).toContain('NODE_ENV=production');
    expect(env).toContain('PORT=3000');
    // Outside production the server listens on loopback only; in a container it must take every interface.
    expect(env).toContain('HOST=0.0.0.0');
    const dataDir = /DATA_DIR=(\S+)/.exec(env)?.[1];
    expect(all(runtime, 'VOLUME').map(({ args }) => args)).toEqual([dataDir]);
    expect(all(runtime, 'EXPOSE').map(({ args }) => args)).toEqual(['3000']);
  });

  it('checks its health on /healthz and starts the compiled server, as npm start does', () => {
    expect(all(runtime, 'HEALTHCHECK')[0]?.args).toMatch(/CMD node -e .*\/healthz/);
    const [command] = all(runtime, 'CMD');
    expect(JSON.parse(command!.args)).toEqual(['node', '--enable-source-maps', 'apps/server/dist/server.js']);
    expect(JSON.parse(read('apps/server/package.json')).scripts.start).toBe('node --enable-source-maps dist/server.js');
    // server.ts serves the web app from ../../web/dist beside its own folder (src/ or dist/): where the image puts it.
    expect(read('apps/server/src/server.ts')).toContain("new URL('../../web/dist', import.meta.url)");
  });

  it('runs JavaScript only: no TypeScript sources in the image, no TypeScript tooling among the production dependencies', () => {
    const sources = all(runtime, 'COPY').map(copyOf).filter((copy) => copy.from === undefined).flatMap((copy) => copy.sources);
    expect(sources.filter((source) => /\.tsx?$|(^|\/)src$/.test(source))).toEqual([]);
    const { dependencies } = JSON.parse(read('apps/server/package.json')) as { dependencies: Record<string, string> };
    for (const tool of ['tsx', 'esbuild', 'typescript', 'drizzle-kit', 'vitest']) expect(Object.keys(dependencies)).not.toContain(tool);
  });

  it('copies only what exists and what .dockerignore lets into the build context', () => {
    const names = new Set<string>();
    for (const stage of stages) {
      if (!/^(\$\{NODE_IMAGE\}|manifests)$/.test(stage.base)) throw new Error(`unexpected base ${stage.base}`);
      for (const copy of all(stage, 'COPY').map(copyOf)) {
        if (copy.from !== undefined) {
          expect(names, `COPY --from=${copy.from} in ${stage.name}`).toContain(copy.from);
          continue;
        }
        for (const source of copy.sources) {
          expect(fs.existsSync(path.join(ROOT, source)), source).toBe(true);
          expect(ignoredByDocker(source, ignorePatterns), source).toBe(false);
        }
      }
      names.add(stage.name);
    }
  });

  it('installs every workspace the lock file names, on the Node.js the project needs', () => {
    const workspaces: string[] = JSON.parse(read('package.json')).workspaces;
    const copied = stages[0]!.instructions.filter(({ keyword }) => keyword === 'COPY').flatMap((copy) => copyOf(copy).sources);
    for (const workspace of workspaces) expect(copied).toContain(`${workspace}/package.json`);
    expect(read('Dockerfile')).toMatch(/^ARG NODE_IMAGE=node:24-/m);
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, builds, local data and tests out, and the sources in', () => {
    for (const file of ['node_modules/zod', 'apps/web/node_modules/vite', 'apps/web/dist/index.html', 'data/pglite', '.env']) {
      expect(ignoredByDocker(file, ignorePatterns), file).toBe(true);
    }
    for (const file of ['apps/server/test/factories.ts', 'apps/server/src/app.test.ts', 'e2e/tests/a.spec.ts']) {
      expect(ignoredByDocker(file, ignorePatterns), file).toBe(true);
    }
    const sources = ['apps/server/src/server.ts', 'apps/server/build.ts', 'apps/server/drizzle/0015_account_security.sql', 'e2e/package.json'];
    for (const file of sources) {
      expect(ignoredByDocker(file, ignorePatterns), file).toBe(false);
    }
  });
});

/** Compose's `${NAME:-default}` and `${NAME:?message}`, read against `env`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::-([^}]*)|:\?([^}]*))?\}/g, (_match, name: string, fallback?: string, required?: string) => {
    const given = env[name];
    if (given !== undefined && given !== '') return given;
    if (fallback !== undefined) return fallback;
    throw new Error(required ?? `${name} is not set`);
  });
}

interface ComposeService {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(read('compose.yaml')) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
const { db, app, mailpit } = compose.services;

describe('compose.yaml', () => {
  it('runs PostgreSQL 15 on a named volume with a health check', () => {
    expect(db?.image).toBe('postgres:15');
    expect(db?.volumes).toEqual(['db-data:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes)).toContain('db-data');
    expect(db?.healthcheck?.test.join(' ')).toMatch(/pg_isready -U churchtrades -d churchtrades/);
  });

  it('builds the app from the Dockerfile and starts it once the database is healthy', () => {
    expect(app?.build).toBe('.');
    expect(app?.depends_on?.db).toEqual({ condition: 'service_healthy' });
    expect(app?.ports).toEqual(['3000:3000']);
    const runtimeDataDir = /DATA_DIR=(\S+)/.exec(all(runtime, 'ENV').map(({ args }) => args).join(' '))?.[1];
    expect(app?.volumes).toEqual([`app-data:${runtimeDataDir}`]);
  });

  it("gives the app a configuration the server accepts in production, its mail going to the catcher", () => {
    const environment = Object.fromEntries(
      Object.entries(app?.environment ?? {}).map(([name, value]) => [name, interpolate(value, { SESSION_SECRET: 's'.repeat(40), TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) })]),
    );

    const config = loadConfig({ ...environment, NODE_ENV: 'production' });

    expect(config.apiDocs).toBe(false);
    expect(config.host).toBe('0.0.0.0');
    expect(new URL(config.databaseUrl!)).toMatchObject({ hostname: 'db', port: '5432', pathname: '/churchtrades' });
    expect(config.databaseUrl).toContain(`${db?.environment?.POSTGRES_USER}:`);
    expect(new URL(config.smtpUrl!)).toMatchObject({ hostname: 'mailpit', port: '1025' });
    expect(config.appOrigin).toBe('http://localhost:3000');
  });

  it('will not start the app without a SESSION_SECRET', () => {
    expect(() => interpolate(app!.environment!.SESSION_SECRET!, {})).toThrow(/SESSION_SECRET/);
  });

  it('will not start the app without a TOTP_ENCRYPTION_KEY', () => {
    expect(() => interpolate(app!.environment!.TOTP_ENCRYPTION_KEY!, {})).toThrow(/TOTP_ENCRYPTION_KEY/);
  });

  it('catches the mail with Mailpit, its web page on port 8025 of this machine only', () => {
    expect(mailpit?.image).toBe('axllent/mailpit');
    expect(mailpit?.ports).toEqual(['127.0.0.1:8025:8025']);
  });
});
