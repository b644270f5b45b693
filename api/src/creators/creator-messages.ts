/** Kept apart from the creators' service so that the modules it calls can answer the same words. */
export const CREATOR_NOT_FOUND = 'Creator not found';
