import { useState } from 'react';
import { api } from '../../api/client.js';
import type { HeartbeatMonitor, Monitor } from '../../api/types.js';
import { LocalTime } from '../../components/local-time.js';
import { Button, Card, ConfirmDialog, CopyButton, Notice, useToast } from '../../components/ui.js';
import { relativeTime } from '../../format.js';
import { useNow } from '../../hooks.js';
import { usePermissions } from '../../session.js';
import { PING_LIMITS } from '../../../../src/shared/limits.js';

/** The job's command in an example: where a person puts their own. */
const EXAMPLE_JOB = '/usr/local/bin/backup.sh';
/** curl as a job should ping: quiet, failing on an error answer, bounded in time, retried on network trouble. */
const CURL = 'curl -fsS -m 10 --retry 3';

/**
 * A crontab schedule that runs a job every `seconds`, when cron can say so (every N minutes or hours
 * that divide the hour or day, daily, weekly); null otherwise.
 */
function cronForPeriod(seconds: number): string | null {
  const minutes = seconds / 60;
  const hours = seconds / 3600;
  if (minutes === 1) return '* * * * *';
  if (Number.isInteger(minutes) && minutes < 60 && 60 % minutes === 0) return `*/${minutes} * * * *`;
  if (hours === 1) return '0 * * * *';
  if (Number.isInteger(hours) && hours < 24 && 24 % hours === 0) return `0 */${hours} * * *`;
  if (hours === 24) return '0 3 * * *';
  if (hours === 24 * 7) return '0 3 * * 0';
  return null;
}

/** One command to copy: the line as the terminal or crontab takes it. */
function CopyLine({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <div className="field">
      <span className="label">{label}</span>
      <span className="secret-row">
        <code className="secret" data-testid={testId}>
          {text}
        </code>
        <CopyButton text={text} name={`Copy ${label.toLowerCase()}`} />
      </span>
    </div>
  );
}

/**
 * How the job reports: its ping URL, a curl line and a crontab line to copy, the other endpoints,
 * when the next ping is due, and a new key (the old URL stops working at once).
 */
export function PingCard({ monitor, onChanged }: { monitor: HeartbeatMonitor; onChanged: (monitor: Monitor) => void }) {
  const toast = useToast();
  const { canWrite } = usePermissions();
  const now = useNow(5000);
  const [confirming, setConfirming] = useState(false);
  const [renewed, setRenewed] = useState(false);
  const url = monitor.pingUrl;
  const cron = monitor.cron ?? (monitor.periodSeconds === null ? null : cronForPeriod(monitor.periodSeconds));
  const job = `${EXAMPLE_JOB}; ${CURL} ${url ?? ''}/$?`;
  return (
    <Card
      title="Pings"
      actions={
        canWrite && (
          <Button size="sm" icon="refresh" onClick={() => setConfirming(true)}>
            New ping key
          </Button>
        )
      }
    >
      {url === null ? (
        // Viewers are never shown the URL: its key lets anyone report for the job.
        <p className="empty-inline">{canWrite ? 'This monitor has no ping URL.' : 'The ping URL is shown to Members, Admins and Owners.'}</p>
      ) : (
        <div className="ping-card">
          {renewed && (
            <Notice kind="success">
              <strong>New ping URL.</strong> The old one answers 404 from now on: update every job that pings it.
            </Notice>
          )}
          <div className="field">
            <label htmlFor="ping-url">Ping URL</label>
            <span className="secret-row">
              <input id="ping-url" className="mono" readOnly value={url} onFocus={(e) => e.target.select()} />
              <CopyButton text={url} name="Copy ping URL" />
            </span>
            <p className="field-hint">Anyone with this URL can report for the job: keep it as you would a password.</p>
          </div>
          <CopyLine label="curl" text={`${CURL} ${url}`} testId="ping-curl" />
          <CopyLine label={cron === null ? 'After the job' : 'Crontab'} text={cron === null ? job : `${cron} ${job}`} testId="ping-crontab" />
          {cron !== null && monitor.cron !== null && monitor.timezone !== 'UTC' && (
            <p className="field-hint">
              Lookout reads the expression in {monitor.timezone}: set your crontab’s zone to match (<code>CRON_TZ={monitor.timezone}</code> where cron supports
              it).
            </p>
          )}
          <div className="field">
            <span className="label">Other reports</span>
            <ul className="ping-variants">
              <li>
                <code>{url}/start</code> when the job starts: the run it then reports has a duration.
              </li>
              <li>
                <code>{url}/fail</code> when it fails, or <code>{url}/&lt;exit code&gt;</code> (0 is a success, as <code>/$?</code> above sends it).
              </li>
              <li>GET, POST or HEAD: the first {PING_LIMITS.logBytes / 1024} KiB of a POST body are kept as the run’s log.</li>
            </ul>
          </div>
          <dl className="facts">
            <div>
              <dt>Expected by</dt>
              <dd data-testid="ping-deadline">
                {monitor.paused ? (
                  'Nothing while paused'
                ) : monitor.deadlineAt === null ? (
                  'Waiting for the first ping'
                ) : (
                  <>
                    <LocalTime iso={monitor.deadlineAt} /> ({relativeTime(monitor.deadlineAt, now)})
                  </>
                )}
              </dd>
            </div>
          </dl>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Make a new ping key?"
          confirmLabel="Make a new key"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const updated = await api.POST('/api/v1/monitors/{id}/ping-key', { params: { path: { id: monitor.id } } });
            onChanged(updated);
            setRenewed(true);
            toast('success', `New ping URL for “${updated.name}”`);
          }}
        >
          <p>The current ping URL stops working at once (its pings answer 404). Every job that pings it must be given the new one.</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
