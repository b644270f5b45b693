import { SetMetadata } from '@nestjs/common';

export const ACCESS_KEY = 'friends:access';
export type Access = 'public' | 'admin';

/**
 * Who may call a route. Without a decorator, reads (GET, HEAD) are public and every other method
 * needs the admin session (DESIGN.md departure 1).
 */
export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
export const AdminOnly = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);

export const THROTTLE_MESSAGE_KEY = 'friends:throttle-message';
/** The error answered with 429 when a throttled route's limit is reached. */
export const ThrottleMessage = (message: string) => SetMetadata(THROTTLE_MESSAGE_KEY, message);
