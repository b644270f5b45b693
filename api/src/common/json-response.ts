import { Header } from '@nestjs/common';

/**
 * For handlers that answer pre-serialised JSON text from the aggregate cache: the bytes are sent as
 * they are, with the JSON content type.
 */
export const JsonText = () => Header('Content-Type', 'application/json; charset=utf-8');
