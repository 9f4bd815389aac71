import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database serves one process: a second one opening the same files would corrupt
 * them. A lock file with the owner's pid keeps a second app or a CLI out; a lock left by a
 * process that died (even by SIGKILL) is taken over.
 */
export function lockDataDir(directory: string): () => void {
  fs.mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'treble.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${directory} is in use by process ${owner} (the running app?). ` +
            'Stop it first, or point both at a Postgres server with DATABASE_URL.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock ${directory}`);
}
