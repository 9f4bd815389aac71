/** The operations context's public face: all that other contexts and the composition root may import of it. */
export {
  backupFormat,
  backupFormatVersion,
  BackupFileError,
  readBackup,
  writeBackup,
  type BackupAccountLine,
  type BackupEventLine,
  type BackupHeader,
  type BackupLine,
} from './backup/backup-file.js';
export { RestoreRefusedError, backupPool, readErasureList, restorePool } from './backup/pool-backup.js';
export { OperationsModule } from './operations.module.js';
export { PoolHistoryService } from './pool-history.service.js';
