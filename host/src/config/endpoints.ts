/** Host-only endpoints (not part of the API routes the remotes use). */
export const REMOTES_CONFIG_URL = '/remotes.json';
