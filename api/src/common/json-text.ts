/**
 * A value already written as JSON, standing for a `T`. The answer cache sends `text` as it is rather
 * than writing the value again, so an answer assembled from parts kept as text (a search page's
 * videos) is joined, not rebuilt as objects and stringified for every request. Anything else that
 * writes it as JSON (a test's comparison, a log) gets the value back.
 */
export class JsonText<T> {
  /** Never set: carries `T`, so a JsonText of one shape is not taken for another. */
  declare readonly shape?: T;

  constructor(readonly text: string) {}

  /** The value the text stands for. */
  value(): T {
    return JSON.parse(this.text) as T;
  }

  toJSON(): T {
    return this.value();
  }
}

/** A handler's typed result: the value, or its JSON text. */
export type Answer<T> = T | JsonText<T>;

/** The JSON text of an answer. */
export const jsonOf = (answer: unknown): string =>
  answer instanceof JsonText ? answer.text : JSON.stringify(answer);

/** The value of an answer given as either form. */
export const valueOf = <T>(answer: Answer<T>): T => (answer instanceof JsonText ? answer.value() : answer);
