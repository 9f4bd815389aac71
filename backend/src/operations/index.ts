export { BackupFileError } from './backup/backup-file.js';
export { RestoreRefusedError, backupPool, rebuildReadTables, restorePool } from './backup/pool-backup.js';
export { OperationsModule } from './operations.module.js';
export { PoolHistoryService } from './pool-history.service.js';
