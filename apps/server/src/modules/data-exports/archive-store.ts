import fs from 'node:fs/promises';
import path from 'node:path';

/** The archives of people's data on disk, in EXPORT_DIR, each named by its request's id. */
export function createArchiveStore(exportDir: string) {
  const fileOf = (id: string) => path.join(exportDir, `${id}.zip`);

  return {
    /** Written whole under a temporary name first, so that a download never reads half an archive. */
    async write(id: string, content: Uint8Array): Promise<void> {
      await fs.mkdir(exportDir, { recursive: true });
      const partial = `${fileOf(id)}.partial`;
      await fs.writeFile(partial, content, { mode: 0o600 });
      await fs.rename(partial, fileOf(id));
    },

    /** The archive, or undefined when its file is gone (deleted, or the folder lost). */
    async read(id: string): Promise<Buffer | undefined> {
      try {
        return await fs.readFile(fileOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    async remove(id: string): Promise<void> {
      await fs.rm(fileOf(id), { force: true });
    },
  };
}

export type ArchiveStore = ReturnType<typeof createArchiveStore>;
