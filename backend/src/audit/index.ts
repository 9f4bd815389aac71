export { AuditModule } from './audit.module.js';
export { auditProjection } from './audit.projection.js';
