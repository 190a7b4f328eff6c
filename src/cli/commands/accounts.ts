import type { Command } from 'commander';
import type { Config } from '../../config.js';
import type { Services } from '../../composition/services.js';
import { setPasswordUrl } from '../../domain/sessions.js';
import { attempt, print, readStdinLine, withServices, type OutputOptions } from '../context.js';
import type { CliIo } from '../io.js';
import { noteAuditTarget } from '../../store/audit-trail.js';
import { TOKEN_EXPIRY_DAYS } from '../../shared/limits.js';

/** Operator commands for teams, users, memberships and tokens; each answers JSON with `--json`. */
export function registerAccountCommands(program: Command, io: CliIo): void {
  const team = program.command('team').description('manage teams');
  team
    .command('create')
    .description('create a team')
    .requiredOption('--name <name>', 'team name (1-200 characters)')
    .option('--json', 'print the answer as JSON')
    .action(async (o: { name: string } & OutputOptions) => {
      await run(io, o, async (s) => {
        const created = await s.teams.create({ name: o.name });
        print(io, o, created, `Created team "${created.name}" (${created.id})`);
      });
    });

  const user = program.command('user').description('manage users');
  user
    .command('create')
    .description('create a user who can be added to teams')
    .requiredOption('--email <email>', 'sign-in email, unique')
    .option('--name <name>', 'display name')
    .option('--password-stdin', 'read a dashboard password (at least 12 characters) from standard input')
    .option('--json', 'print the answer as JSON')
    .action(async (o: { email: string; name?: string; passwordStdin?: boolean } & OutputOptions) => {
      await run(io, o, async (s) => {
        const password = o.passwordStdin ? await readStdinLine(io) : undefined;
        const created = await s.users.create({ email: o.email, name: o.name, password });
        print(io, o, { id: created.id, email: created.email }, `Created user ${created.email} (${created.id})`);
      });
    });

  user
    .command('reset')
    .description('make a one-time set-password link (7 days) for you to deliver; using it verifies the account')
    .requiredOption('--email <email>', "the user's email")
    .option('--json', 'print the answer as JSON')
    .action(async (o: { email: string } & OutputOptions) => {
      await run(io, o, async (s, config) => {
        const u = await s.users.requireByEmail(o.email);
        noteAuditTarget(u.id);
        // Made by the operator, who delivers it to the person: whoever uses it holds the address.
        const setup = await s.sessions.createPasswordSetup(u.id, { createdBy: null, verifies: true });
        const url = setPasswordUrl(config.publicUrl, setup.secret);
        print(
          io,
          o,
          { userId: u.id, email: u.email, setPasswordUrl: url, expiresAt: setup.expiresAt },
          `${url}\n(a one-time link for ${u.email}, valid until ${setup.expiresAt}; earlier links stop working; it is not shown again)`,
        );
      });
    });

  const member = program.command('member').description('manage team memberships');
  const membership = (name: string, description: string, withRole: boolean) => {
    const command = member
      .command(name)
      .description(description)
      .requiredOption('--team <teamId>', 'team id')
      .requiredOption('--email <email>', "the user's email")
      .option('--json', 'print the answer as JSON');
    if (withRole) command.requiredOption('--role <role>', 'Owner, Admin, Member or Viewer (reads only)');
    return command;
  };
  membership('add', 'add a user to a team with a role; you vouch for the account, which becomes verified', true).action(async (o: MemberOptions) => {
    await run(io, o, async (s) => {
      const u = await s.users.requireByEmail(o.email);
      noteAuditTarget(u.id);
      const m = await s.teams.addMemberVouched(o.team, u.id, o.role!);
      print(io, o, m, `Added ${m.email} to team ${o.team} as ${m.role}`);
    });
  });
  membership('set-role', "change a member's role (applies to their tokens at once)", true).action(async (o: MemberOptions) => {
    await run(io, o, async (s) => {
      const u = await s.users.requireByEmail(o.email);
      noteAuditTarget(u.id);
      const m = await s.teams.setRole(o.team, u.id, o.role!);
      print(io, o, m, `${m.email} is now ${m.role} in team ${o.team}`);
    });
  });
  membership('remove', 'remove a member (their tokens for the team stop working at once)', false).action(async (o: MemberOptions) => {
    await run(io, o, async (s) => {
      const u = await s.users.requireByEmail(o.email);
      noteAuditTarget(u.id);
      await s.teams.removeMember(o.team, u.id);
      print(io, o, { teamId: o.team, userId: u.id, removed: true }, `Removed ${u.email} from team ${o.team}`);
    });
  });

  const token = program.command('token').description('manage personal access tokens');
  token
    .command('create')
    .description("issue a token acting with the member's role in the team; it is printed once")
    .requiredOption('--team <teamId>', 'team id')
    .requiredOption('--email <email>', "the member's email")
    .option('--name <label>', 'a label to recognise the token by', 'token')
    .option('--expires-in-days <n>', `expire after this many days (${TOKEN_EXPIRY_DAYS[0]} to ${TOKEN_EXPIRY_DAYS[1]})`)
    .option('--json', 'print the answer as JSON')
    .action(async (o: { team: string; email: string; name: string; expiresInDays?: string } & OutputOptions) => {
      await run(io, o, async (s) => {
        const days = o.expiresInDays === undefined ? undefined : Number(o.expiresInDays);
        const u = await s.users.requireByEmail(o.email);
        const t = await s.tokens.create({ teamId: o.team, userId: u.id, name: o.name, expiresInDays: days });
        print(io, o, { id: t.id, token: t.token, teamId: t.teamId, userId: t.userId }, `${t.token}\n(token id ${t.id}; it is not shown again)`);
      });
    });
  token
    .command('revoke')
    .description('revoke a token; it stops working at once')
    .requiredOption('--id <tokenId>', 'token id')
    .option('--json', 'print the answer as JSON')
    .action(async (o: { id: string } & OutputOptions) => {
      await run(io, o, async (s) => {
        const t = await s.tokens.revoke(o.id);
        print(io, o, { id: t.id, revokedAt: t.revokedAt }, `Revoked token ${t.id}`);
      });
    });
}

interface MemberOptions extends OutputOptions {
  team: string;
  email: string;
  role?: string;
}

function run(io: CliIo, options: OutputOptions, action: (s: Services, config: Config) => Promise<void>): Promise<void> {
  return attempt(io, options, () => withServices(io, action));
}
