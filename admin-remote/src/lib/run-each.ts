/**
 * Runs `task` for every item with a small fixed concurrency and counts what failed, for the bulk
 * deletes (one DELETE per item, as docs/product.md §7 specifies) without opening hundreds of requests at once.
 */
export async function runEach<T>(
  items: readonly T[],
  task: (item: T) => Promise<unknown>,
  concurrency = 4,
): Promise<{ succeeded: T[]; failed: T[] }> {
  const succeeded: T[] = [];
  const failed: T[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
        succeeded.push(item);
      } catch (error) {
        console.error(error);
        failed.push(item);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return { succeeded, failed };
}
