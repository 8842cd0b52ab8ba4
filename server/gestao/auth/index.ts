/** The back office's authentication, as the other /gestao/api routes use it. */
export { auditFrom, requireRole, requireStaff, FORBIDDEN, LOGIN_REQUIRED, type AuditEvent, type StaffIdentity } from './staff';
