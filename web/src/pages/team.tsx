import { useState } from 'react';
import { api } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import {
  Button,
  Card,
  ConfirmDialog,
  CopyButton,
  EmptyState,
  ErrorState,
  Field,
  FormError,
  Modal,
  Notice,
  PageHeader,
  RoleBadge,
  SkeletonRows,
  fieldError,
  useToast,
} from '../components/ui.js';
import { date } from '../format.js';
import { useDocumentTitle, useGet, useNow, type Resource } from '../hooks.js';
import { RegionsCard } from './regions-card.js';
import { usePermissions, useSession } from '../session.js';
import type { InvitedMember, Member, TeamToken } from '../api/types.js';
import { ROLES, type Role } from '../../../src/shared/vocabulary.js';
import { Expiry, LastUsed } from './tokens.js';
import { useSubmit } from '../use-submit.js';

const ROLE_HELP: Record<Role, string> = {
  Viewer: 'sees everything a Member sees (not the ping URLs of heartbeats) and changes nothing',
  Member: 'sees everything; creates, edits, pauses and checks monitors; opens and updates incidents',
  Admin: 'also deletes monitors, resolves incidents, manages notifications, the status page and members',
  Owner: 'also grants and takes away the Owner role',
};

function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (member: InvitedMember) => void }) {
  const { isOwner } = usePermissions();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('Member');
  const { busy, error, onSubmit } = useSubmit(
    async () => onInvited(await api.POST('/api/v1/teams/current/members', { body: { email, role, ...(name !== '' && { name }) } })),
    { leaves: true },
  );
  return (
    <Modal title="Invite someone" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
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

/** The listed tokens made with `root`, directly or through others: revoking it revokes them too. */
function madeWith(tokens: TeamToken[], root: TeamToken): TeamToken[] {
  const ids = new Set([root.id]);
  const found: TeamToken[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const t of tokens) {
      if (t.parentId !== null && ids.has(t.parentId) && !ids.has(t.id)) {
        ids.add(t.id);
        found.push(t);
        grew = true;
      }
    }
  }
  return found;
}

/** Every member's active API tokens, for Admins and Owners: who holds which, and revoking any. */
function TeamTokensCard({ tokens }: { tokens: Resource<{ data: TeamToken[] }> }) {
  const toast = useToast();
  const now = useNow(30_000);
  const [revoking, setRevoking] = useState<TeamToken | null>(null);
  const also = revoking && tokens.data ? madeWith(tokens.data.data, revoking) : [];

  return (
    <>
      <Card title="Team tokens" className="table-card">
        {tokens.error && !tokens.data ? (
          <ErrorState error={tokens.error} onRetry={() => void tokens.reload()} />
        ) : !tokens.data ? (
          <SkeletonRows />
        ) : tokens.data.data.length === 0 ? (
          <EmptyState icon="key" title="No active tokens">
            Members create API tokens on their API tokens page; they show up here.
          </EmptyState>
        ) : (
          <table className="table team-tokens-table stack-table">
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.data.map((t) => {
                return (
                  <tr key={t.id} data-token-id={t.id}>
                    <td data-label="Token" className="stack-title">
                      <span className="row-title">{t.name}</span>
                      {t.parentId !== null && <span className="row-sub">made with another token</span>}
                    </td>
                    <td data-label="Member">{t.email}</td>
                    <td data-label="Role">
                      <RoleBadge role={t.role} />
                    </td>
                    <td data-label="Created">{date(t.createdAt)}</td>
                    <td data-label="Last used">
                      <LastUsed at={t.lastUsedAt} now={now} />
                    </td>
                    <td data-label="Expires">
                      <Expiry at={t.expiresAt} now={now} />
                    </td>
                    <td className="actions-cell stack-corner">
                      <Button size="sm" variant="ghost" icon="trash" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name} of ${t.email}`}>
                        Revoke
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Card>
      {revoking && (
        <ConfirmDialog
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke token"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            try {
              await api.DELETE('/api/v1/teams/current/tokens/{id}', { params: { path: { id: revoking.id } } });
            } finally {
              // Also after a failure: a token someone else revoked meanwhile leaves the list.
              void tokens.reload();
            }
            toast('success', `Revoked “${revoking.name}” of ${revoking.email}`);
          }}
        >
          <p>
            Anything using this token of {revoking.email} gets 401 Unauthorized from now on. Revoking it also revokes every token made with it, and the tokens
            made with those.
            {also.length > 0 && ` Made with it: ${also.map((t) => `“${t.name}” of ${t.email}`).join(', ')}.`} This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The team's name, for Admins and Owners to change. */
function RenameTeam({ name, onRenamed }: { name: string; onRenamed: (name: string) => void }) {
  const toast = useToast();
  const [value, setValue] = useState(name);
  const { busy, error, onSubmit } = useSubmit(async () => {
    const team = await api.PATCH('/api/v1/teams/current', { body: { name: value } });
    onRenamed(team.name);
    toast('success', `The team is now called ${team.name}`);
  });
  return (
    <Card title="Team name">
      <form onSubmit={onSubmit} noValidate className="inline-form">
        <FormError error={error} labels={{ name: 'Team name' }} />
        <Field label="Team name" error={fieldError(error, 'name')} hint="Every member sees it in the team switcher and in invitation mails.">
          {(p) => <input {...p} name="team-name" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" />}
        </Field>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy} disabled={value === name}>
            Rename team
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Whether the team requires two-factor sign-in: an Owner's choice. */
function RequireTwoFactor({ required, onChanged }: { required: boolean; onChanged: (required: boolean) => void }) {
  const toast = useToast();
  const { busy, error, run } = useSubmit(async (next: boolean) => {
    const team = await api.PATCH('/api/v1/teams/current', { body: { requireTwoFactor: next } });
    onChanged(team.requireTwoFactor);
    toast('success', team.requireTwoFactor ? 'Two-factor sign-in is now required' : 'Two-factor sign-in is no longer required');
  });
  return (
    <Card title="Two-factor sign-in">
      <FormError error={error} />
      <label className="check">
        <input type="checkbox" name="require-two-factor" checked={required} disabled={busy} onChange={(e) => void run(e.target.checked)} />
        <span>Require two-factor sign-in of every member</span>
      </label>
      <p className="muted">
        Members without it are sent to set it up before anything else in the dashboard. People who sign in through your identity provider and API tokens are not
        affected.
      </p>
    </Card>
  );
}

/** Where a new or re-made invitation link went, or the link itself when there is no mail server. */
function InvitationNotice({ member, again }: { member: InvitedMember; again: boolean }) {
  return (
    <Notice kind="success">
      {again ? (
        <>
          A new link was made for <strong>{member.email}</strong>; the earlier one no longer works.
        </>
      ) : (
        <>
          <strong>{member.email}</strong> was added as {member.role}.
        </>
      )}
      {member.invitation && 'sentTo' in member.invitation ? (
        <span data-testid="invite-sent">
          {' '}
          A one-time link to choose a password was sent to <strong>{member.invitation.sentTo}</strong>, expires {date(member.invitation.expiresAt)}.
        </span>
      ) : member.invitation ? (
        <>
          {' '}
          They have no password yet: send them this one-time link (valid until {date(member.invitation.expiresAt)}). It is shown only now.
          <span className="secret-row">
            <code className="secret" data-testid="invite-link">
              {member.invitation.setPasswordUrl}
            </code>
            <CopyButton text={member.invitation.setPasswordUrl} />
          </span>
        </>
      ) : (
        ' They can sign in with their existing password and switch to this team.'
      )}
    </Notice>
  );
}

export function TeamPage() {
  useDocumentTitle('Team');
  const team = useGet('/api/v1/teams/current');
  const members = useGet('/api/v1/teams/current/members');
  const { session, setSession } = useSession();
  const { canAdmin, isOwner } = usePermissions();
  const onRenamed = (name: string) => {
    team.setData((cur) => cur && { ...cur, name });
    // The team switcher and the sidebar read the session's copy of the name.
    setSession({ ...session, team: { ...session.team, name }, teams: session.teams.map((t) => (t.id === session.team.id ? { ...t, name } : t)) });
  };
  // Only Admins and Owners may list the team's tokens: Members never ask.
  const teamTokens = useGet('/api/v1/teams/current/tokens', canAdmin ? {} : null);
  const regions = useGet('/api/v1/regions', canAdmin ? {} : null);
  const toast = useToast();
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<{ member: InvitedMember; again: boolean } | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [changing, setChanging] = useState<string | null>(null);

  const owners = members.data?.data.filter((m) => m.role === 'Owner').length ?? 0;
  const reinvite = useSubmit(
    async (member: Member) => {
      const again = await api.POST('/api/v1/teams/current/members/{userId}/invitation', { params: { path: { userId: member.userId } } });
      setInvited({ member: again, again: true });
      window.scrollTo(0, 0);
    },
    { onError: (e) => toast('error', e.detail) },
  );

  const changeRole = async (member: Member, role: Role) => {
    setChanging(member.userId);
    try {
      const updated = await api.PATCH('/api/v1/teams/current/members/{userId}', { params: { path: { userId: member.userId } }, body: { role } });
      members.setData((cur) => cur && { data: cur.data.map((m) => (m.userId === updated.userId ? updated : m)) });
      // Tokens act with their member's current role.
      void teamTokens.reload();
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
      {invited && <InvitationNotice member={invited.member} again={invited.again} />}
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
                // The team keeps at least one Owner: the last one is offered no Remove.
                const removable = editable && !(m.role === 'Owner' && owners <= 1);
                return (
                  <tr key={m.userId} data-member={m.email}>
                    <td data-label="Member" className="stack-title">
                      <span className="row-title">
                        {m.name}
                        {m.userId === session.user.id && <span className="pill pill-muted">you</span>}
                        {m.invited && (
                          <span className="pill pill-warning" title="Has not chosen a password yet">
                            invited
                          </span>
                        )}
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
                    <td data-label="Joined">{m.invited ? <span className="muted">Invited {date(m.joinedAt)}, not joined yet</span> : date(m.joinedAt)}</td>
                    {canAdmin && (
                      <td className="actions-cell stack-corner">
                        {editable && m.invited && (
                          <Button
                            size="sm"
                            variant="ghost"
                            icon="refresh"
                            busy={reinvite.busy}
                            onClick={() => void reinvite.run(m)}
                            aria-label={`Make a new invitation link for ${m.name}`}
                          >
                            New link
                          </Button>
                        )}
                        {removable && (
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
      {canAdmin && team.data && <RenameTeam key={team.data.name} name={team.data.name} onRenamed={onRenamed} />}
      {isOwner && team.data && (
        <RequireTwoFactor
          required={team.data.requireTwoFactor}
          onChanged={(requireTwoFactor) => {
            team.setData((cur) => cur && { ...cur, requireTwoFactor });
            setSession({ ...session, twoFactor: { ...session.twoFactor, requiredByTeam: requireTwoFactor } });
          }}
        />
      )}
      {canAdmin && <TeamTokensCard tokens={teamTokens} />}
      {canAdmin && <RegionsCard regions={regions} />}
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
            setInvited({ member, again: false });
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
            await api.DELETE('/api/v1/teams/current/members/{userId}', { params: { path: { userId: removing.userId } } });
            toast('success', `${removing.name} was removed`);
            if (removing.userId === session.user.id) window.location.assign('/');
            else {
              void members.reload();
              // A removed member's tokens stop working, so they leave the list.
              void teamTokens.reload();
            }
          }}
        >
          <p>{removing.email} loses access to this team at once; their API tokens for it stop working. Their account stays, with any other teams.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
