import { useState, type FormEvent } from 'react';
import { ApiError, api } from '../api.js';
import { Button, Card, ConfirmDialog, CopyButton, ErrorState, Field, FormError, Modal, Notice, PageHeader, RoleBadge, SkeletonRows, fieldError, useToast } from '../components/ui.js';
import { date } from '../format.js';
import { useApi, useDocumentTitle } from '../hooks.js';
import { usePermissions, useSession } from '../session.js';
import type { InvitedMember, Member, Role, Team } from '../types.js';

const ROLES: Role[] = ['Member', 'Admin', 'Owner'];

const ROLE_HELP: Record<Role, string> = {
  Member: 'sees everything; creates, edits, pauses and checks monitors; opens and updates incidents',
  Admin: 'also deletes monitors, resolves incidents, manages notifications, the status page and members',
  Owner: 'also grants and takes away the Owner role',
};

function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (member: InvitedMember) => void }) {
  const { isOwner } = usePermissions();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('Member');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, unknown> = { email, role };
      if (name !== '') body.name = name;
      onInvited(await api.post<InvitedMember>('/api/v1/teams/current/members', body));
    } catch (e) {
      setError(e as ApiError);
      setBusy(false);
    }
  };
  return (
    <Modal title="Invite someone" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <FormError error={error} labels={{ email: 'Email', role: 'Role', name: 'Name' }} />
        <Field label="Email" error={fieldError(error, 'email')} hint="Someone who already has an account is added at once.">
          {(p) => <input {...p} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />}
        </Field>
        <Field label="Name" optional error={fieldError(error, 'name')}>
          {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
        </Field>
        <Field label="Role" error={fieldError(error, 'role')} hint={ROLE_HELP[role]}>
          {(p) => (
            <select {...p} value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.filter((r) => isOwner || r !== 'Owner').map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          )}
        </Field>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy}>
            Invite
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Modal>
  );
}

export function TeamPage() {
  useDocumentTitle('Team');
  const team = useApi<Team>('/api/v1/teams/current');
  const members = useApi<{ data: Member[] }>('/api/v1/teams/current/members');
  const { session } = useSession();
  const { canAdmin, isOwner } = usePermissions();
  const toast = useToast();
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<InvitedMember | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [changing, setChanging] = useState<string | null>(null);

  const changeRole = async (member: Member, role: Role) => {
    setChanging(member.userId);
    try {
      const updated = await api.patch<Member>(`/api/v1/teams/current/members/${member.userId}`, { role });
      members.setData((cur) => cur && { data: cur.data.map((m) => (m.userId === updated.userId ? updated : m)) });
      toast('success', `${updated.name} is now ${updated.role}`);
      if (updated.userId === session.user.id) window.location.reload();
    } catch (e) {
      toast('error', (e as ApiError).detail);
    } finally {
      setChanging(null);
    }
  };

  return (
    <div className="page">
      <PageHeader
        title={team.data?.name ?? 'Team'}
        subtitle={team.data ? `Created ${date(team.data.createdAt)} · you are ${session.team.role}` : 'Who can see and change this team.'}
        actions={
          canAdmin ? (
            <Button variant="primary" icon="plus" onClick={() => setInviting(true)}>
              Invite member
            </Button>
          ) : undefined
        }
      />
      {invited && (
        <Notice kind="success">
          <strong>{invited.email}</strong> was added as {invited.role}.
          {invited.invitation ? (
            <>
              {' '}
              They have no password yet: send them this one-time link (valid until {date(invited.invitation.expiresAt)}). It is shown only now.
              <span className="secret-row">
                <code className="secret" data-testid="invite-link">
                  {invited.invitation.setPasswordUrl}
                </code>
                <CopyButton text={invited.invitation.setPasswordUrl} />
              </span>
            </>
          ) : (
            ' They can sign in with their existing password and switch to this team.'
          )}
        </Notice>
      )}
      <Card title="Members" className="table-card">
        {members.error && !members.data ? (
          <ErrorState error={members.error} onRetry={() => void members.reload()} />
        ) : !members.data ? (
          <SkeletonRows />
        ) : (
          <table className="table members-table stack-table">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                {canAdmin && (
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {members.data.data.map((m) => {
                const editable = canAdmin && (isOwner || m.role !== 'Owner');
                return (
                  <tr key={m.userId} data-member={m.email}>
                    <td data-label="Member" className="stack-title">
                      <span className="row-title">
                        {m.name}
                        {m.userId === session.user.id && <span className="pill pill-muted">you</span>}
                      </span>
                      <span className="row-sub">{m.email}</span>
                    </td>
                    <td data-label="Role">
                      {editable ? (
                        <>
                          <label className="sr-only" htmlFor={`role-${m.userId}`}>
                            Role of {m.name}
                          </label>
                          <select
                            id={`role-${m.userId}`}
                            className="select-sm"
                            value={m.role}
                            disabled={changing === m.userId}
                            onChange={(e) => void changeRole(m, e.target.value as Role)}
                          >
                            {ROLES.filter((r) => isOwner || r !== 'Owner').map((r) => (
                              <option key={r}>{r}</option>
                            ))}
                          </select>
                        </>
                      ) : (
                        <RoleBadge role={m.role} />
                      )}
                    </td>
                    <td data-label="Joined">{date(m.joinedAt)}</td>
                    {canAdmin && (
                      <td className="actions-cell stack-corner">
                        {editable && (
                          <Button size="sm" variant="ghost" icon="trash" onClick={() => setRemoving(m)} aria-label={`Remove ${m.name}`}>
                            Remove
                          </Button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Card>
      <Card title="Roles">
        <dl className="facts">
          {ROLES.map((r) => (
            <div key={r}>
              <dt>
                <RoleBadge role={r} />
              </dt>
              <dd>{ROLE_HELP[r][0]!.toUpperCase() + ROLE_HELP[r].slice(1)}.</dd>
            </div>
          ))}
        </dl>
      </Card>
      {inviting && (
        <InviteDialog
          onClose={() => setInviting(false)}
          onInvited={(member) => {
            setInviting(false);
            setInvited(member);
            void members.reload();
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove member"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await api.del(`/api/v1/teams/current/members/${removing.userId}`);
            toast('success', `${removing.name} was removed`);
            if (removing.userId === session.user.id) window.location.assign('/');
            else void members.reload();
          }}
        >
          <p>
            {removing.email} loses access to this team at once; their API tokens for it stop working. Their account stays, with any other teams.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
