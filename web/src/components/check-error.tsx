import { describeCheckError } from '../check-errors.js';

/** A run's error in words, with its code and raw message kept beside them for whoever digs further. */
export function CheckErrorText({ error }: { error: { code: string; message: string } }) {
  const words = describeCheckError(error);
  return (
    <span className="check-error">
      <span className="check-error-text">{words.text}.</span>{' '}
      <span className="check-error-detail">
        <code>{error.code}</code> {error.message}
      </span>
    </span>
  );
}
