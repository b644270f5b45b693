import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import { resolve } from 'node:path';

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
 * The process's one descriptor of each index file, and how many WalIndexes use it. POSIX record locks
 * belong to the process, not to a descriptor: closing any descriptor of a file drops every lock the
 * process holds on it, SQLite's own included (https://sqlite.org/howtocorrupt.html, section 2.2).
 * Without its lock on the index, the next process to open the database (another replica, the network
 * analysis's child) takes the index for abandoned and truncates it under this process's mapping of it:
 * a bus error (SIGBUS) ends this process, or the index is rebuilt under a live writer. So the
 * descriptor is shared and closed only by the last WalIndex of the file, once its owner's connections
 * to the database are closed.
 */
const descriptors = new Map<string, { fd: number | undefined; users: number }>();

/**
 * The pages of a SQLite file's write-ahead log that no checkpoint has copied yet, read from the log's
 * shared index (the `-shm` file, https://sqlite.org/walformat.html: the header's `mxFrame` and the
 * checkpoint information's `nBackfill`, in the machine's byte order). SQLite tells a connection as
 * much after each commit through its WAL hook, which better-sqlite3 does not expose. A read between
 * two of SQLite's updates may be off by a commit: what it decides is only when to checkpoint.
 */
export class WalIndex {
  private readonly shared: { fd: number | undefined; users: number };
  private readonly path: string;
  private closed = false;
  private readonly buffer = Buffer.alloc(READ_BYTES);

  /** Counts as a user of the file from here (the file itself is opened at the first read). */
  constructor(databasePath: string) {
    this.path = resolve(`${databasePath}-shm`);
    let shared = descriptors.get(this.path);
    if (!shared) descriptors.set(this.path, (shared = { fd: undefined, users: 0 }));
    shared.users++;
    this.shared = shared;
  }

  /** Pages in the log beyond the last checkpoint's, or undefined while the index cannot be read. */
  uncheckpointedPages(): number | undefined {
    if (this.closed) return undefined;
    try {
      this.shared.fd ??= openSync(this.path, 'r');
      if (readSync(this.shared.fd, this.buffer, 0, READ_BYTES, 0) < READ_BYTES) return undefined;
    } catch {
      return undefined;
    }
    return Math.max(0, readCount(this.buffer, LAST_PAGE_AT) - readCount(this.buffer, CHECKPOINTED_AT));
  }

  /**
   * Lets go of the index file: call it only once this process's own connections to the database are
   * closed, or while another WalIndex of the file keeps them (see `descriptors`).
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (--this.shared.users > 0) return;
    descriptors.delete(this.path);
    if (this.shared.fd !== undefined) closeSync(this.shared.fd);
  }
}
