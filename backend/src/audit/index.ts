/** The audit context's public face: all that other contexts and the composition root may import of it. */
export { AuditModule } from './audit.module.js';
export { auditProjection } from './audit.projection.js';
