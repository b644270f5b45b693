import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from '@friends/shared';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * A text field free of control characters, bidirectional overrides and lone surrogates (the shared
 * rule, `hasUnsafeCharacters`); tab and line breaks only with `multiline`. Non-strings are left to
 * @IsString.
 */
export function PlainText(options: { multiline?: boolean } = {}, validation?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'plainText',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !hasUnsafeCharacters(value, options),
        defaultMessage: (args) => `${args?.property ?? 'text'} ${UNSAFE_TEXT_MESSAGE}`,
      },
    },
    validation,
  );
}
