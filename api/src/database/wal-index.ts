import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';

/** Bytes of the log's shared index read: its header and the checkpoint's progress after it. */
const READ_BYTES = 100;
/** Byte offsets of the header's `mxFrame` (the log's last valid page) and of `nBackfill`. */
const LAST_PAGE_AT = 16;
const CHECKPOINTED_AT = 96;
/** The index is shared memory, written in the machine's byte order. */
const LITTLE_ENDIAN = endianness() === 'LE';
const readCount = (buffer: Buffer, offset: number): number =>
  LITTLE_ENDIAN ? buffer.readUInt32LE(offset) : buffer.readUInt32BE(offset);

/**
 * The pages of a SQLite file's write-ahead log that no checkpoint has copied yet, read from the log's
 * shared index (the `-shm` file, https://sqlite.org/walformat.html: the header's `mxFrame` and the
 * checkpoint information's `nBackfill`, in the machine's byte order). SQLite tells a connection as
 * much after each commit through its WAL hook, which better-sqlite3 does not expose. A read between
 * two of SQLite's updates may be off by a commit: what it decides is only when to checkpoint.
 */
export class WalIndex {
  private fd: number | undefined;
  private readonly buffer = Buffer.alloc(READ_BYTES);

  constructor(private readonly databasePath: string) {}

  /** Pages in the log beyond the last checkpoint's, or undefined while the index cannot be read. */
  uncheckpointedPages(): number | undefined {
    try {
      this.fd ??= openSync(`${this.databasePath}-shm`, 'r');
      if (readSync(this.fd, this.buffer, 0, READ_BYTES, 0) < READ_BYTES) return undefined;
    } catch {
      return undefined;
    }
    return Math.max(0, readCount(this.buffer, LAST_PAGE_AT) - readCount(this.buffer, CHECKPOINTED_AT));
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
