import { Icon } from './icons.js';

/** A run's warnings (assertions marked degraded that did not hold), one a line. */
export function Warnings({ warnings }: { warnings: string[] }) {
  return (
    <ul className="run-warnings" aria-label="Warnings">
      {warnings.map((warning) => (
        <li key={warning}>
          <Icon name="alert" size={14} /> {warning}
        </li>
      ))}
    </ul>
  );
}
