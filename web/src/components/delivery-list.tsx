import type { Delivery } from '../api/types.js';
import { DELIVERY_STATE_TEXT, alertKind, stateClass } from '../delivery-words.js';
import { dateTime } from '../format.js';
import { channelLabel } from '../pages/channel-fields.js';
import { Link } from '../router.js';
import { Icon } from './icons.js';

/**
 * Deliveries as a table: what went out, to which channel, when, and whether it arrived. `context`
 * adds the monitor, incident and policy columns (the team's log); an incident's own list leaves
 * them out, since they are the incident's.
 */
export function DeliveryTable({ deliveries, context }: { deliveries: Delivery[]; context: boolean }) {
  return (
    <div className="table-scroll">
      <table className="table deliveries-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Alert</th>
            {context && <th scope="col">About</th>}
            <th scope="col">Channel</th>
            <th scope="col">State</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} data-delivery={d.id}>
              <td className="nowrap">
                <time dateTime={d.createdAt} title={new Date(d.createdAt).toUTCString()}>
                  {dateTime(d.createdAt)}
                </time>
              </td>
              <td>{alertKind(d)}</td>
              {context && (
                <td className="about-cell">
                  {d.monitor ? <Link to={`/monitors/${d.monitor.id}`}>{d.monitor.name}</Link> : <span className="muted">no monitor</span>}
                  {d.incident && (
                    <span className="row-sub">
                      <Link to={`/incidents/${d.incident.id}`}>{d.incident.title}</Link>
                    </span>
                  )}
                  {d.policy && <span className="row-sub">via {d.policy.name}</span>}
                </td>
              )}
              <td className="truncate-cell">{channelLabel(d.channel)}</td>
              <td>
                <span className={`result result-${stateClass(d.state)}`}>
                  <Icon name={d.state === 'delivered' ? 'check' : d.state === 'pending' ? 'refresh' : 'x'} size={14} />
                  {DELIVERY_STATE_TEXT[d.state]}
                </span>
                {d.attempts > 1 && <span className="muted small"> · {d.attempts} attempts</span>}
              </td>
              <td className="run-details">
                {d.lastError && <span>{d.lastError}</span>}
                {d.nextAttemptAt && <span className="muted">next try {dateTime(d.nextAttemptAt)}</span>}
                {d.deliveredAt && !d.lastError && <span className="muted">arrived {dateTime(d.deliveredAt)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
