/**
 * resvg (the share cards) allocates through its own mimalloc, which by default keeps the pages a draw
 * freed resident for a while and, under a stream of draws, far longer: 38–50 MB after 20 cards against
 * 29 MB when it returns them at once. mimalloc reads this when the native module loads, so the entry
 * point imports this file before anything that loads resvg. An operator's own setting wins.
 */
process.env.MIMALLOC_PURGE_DELAY ??= '0';
