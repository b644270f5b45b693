/**
 * The admin password and session secret every test server runs with, in process or as a child process.
 * Replicas of one deployment share both: a replica started with another password would take it for a
 * password change and revoke every session the others hold.
 */
export const ADMIN_PASSWORD = 'correct horse battery staple';
export const SESSION_SECRET = 'test-secret-test-secret-test-secret';
