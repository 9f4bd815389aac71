export * from './admission.js';
export * from './email.js';
export * from './email-reservation.js';
export * from './invitation.js';
export * from './password-policy.js';
export * from './referral-invitation.js';
export * from './pool-admins.js';
export * from './user.js';
