import { Transform } from 'class-transformer';

/**
 * A name field read in NFC before it is checked (shared storedName, the form names are stored in):
 * Beyonce + U+0301 is Beyoncé, one character shorter, and the same name as the one typed with é.
 */
export const NfcName = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.normalize('NFC') : value));
