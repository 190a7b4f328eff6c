/* eslint-disable */
/**
 * Generated from the server's OpenAPI document by scripts/api-types.ts: do not edit.
 * After changing an endpoint, run `npm run generate:api`.
 */

export interface paths {
    "/api/v1/monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every monitor of the team.
         * @description Any role. Deleted monitors are not listed.
         */
        get: operations["listMonitors"];
        put?: never;
        /**
         * Create a monitor: HTTP, SSL, TCP, DNS or heartbeat.
         * @description Roles Member, Admin, Owner. The monitor starts `pending` and is checked at once in each of its regions, then every `intervalSeconds`; a heartbeat monitor is not checked but pinged by its job at `pingUrl`, and stays `pending` until the first ping. An `auth.secret` is stored encrypted and never returned (`auth.secretSet` is true instead). An HTTP monitor may send `headers` and a `body`, follow redirects, and judge the answer with `assertions` (each failing field is named with its index, such as `assertions.2.path`).
         */
        post: operations["createMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One monitor.
         * @description Any role. A monitor of another team, or a deleted one, is not found.
         */
        get: operations["getMonitor"];
        put?: never;
        post?: never;
        /**
         * Delete a monitor.
         * @description Roles Admin, Owner. The monitor is no longer listed, found or checked; its stored secret is erased.
         */
        delete: operations["deleteMonitor"];
        options?: never;
        head?: never;
        /**
         * Change some fields of a monitor.
         * @description Roles Member, Admin, Owner. Only the fields sent change; `type` and fields of another monitor type are rejected. `auth`, `notificationPolicyId`, `warningDays`, `headers`, `body`, `assertions`, `resolver`, `periodSeconds`, `cron`: omitted keeps, null clears, a value replaces (lists whole).
         */
        patch: operations["updateMonitor"];
        trace?: never;
    };
    "/api/v1/monitors/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a monitor: its checks stop.
         * @description Roles Member, Admin, Owner. Pausing a paused monitor changes nothing.
         */
        post: operations["pauseMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitors/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused monitor: it is checked at once, then every interval.
         * @description Roles Member, Admin, Owner. The status is `pending` until a check completes. Resuming a running monitor changes nothing.
         */
        post: operations["resumeMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitors/{id}/ping-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a heartbeat monitor a new ping key: the old `pingUrl` stops working.
         * @description Roles Member, Admin, Owner. The old key is unknown (404) from this moment; jobs must be given the new `pingUrl`. Only heartbeat monitors have a ping key.
         */
        post: operations["newPingKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitors/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The 100 most recent runs of a monitor, newest first.
         * @description Any role. One run is one region's check result; a failure is recorded only after a confirming retry.
         */
        get: operations["listMonitorRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitors/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a monitor now in each of its regions.
         * @description Roles Member, Admin, Owner. One trigger per monitor per 60 seconds across the dashboard, REST and MCP: a second one within that time is 429 with Retry-After. A paused monitor cannot be triggered (400).
         */
        post: operations["triggerCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitors/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Uptime and response times of a monitor over 24 hours, 7 days or 30 days, in buckets.
         * @description Any role. Query `range` = `24h` (default) or `7d` (hourly buckets) or `30d` (daily buckets); any other query parameter is 400. Figures cover every region; p95 is read from a duration histogram and is the upper bound of its bucket.
         */
        get: operations["getMonitorStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitor-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * For every monitor of the team: uptime over the last 24 hours and its newest runs.
         * @description Any role. What a monitors list shows beside each status, in one call.
         */
        get: operations["listMonitorSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team’s monitors as Prometheus metrics (text format 0.0.4), for Grafana or any Prometheus scraper.
         * @description Any role. Point a Prometheus scrape job at it with a token as the bearer credential (`authorization: { credentials: <token> }`); each scrape counts against the token’s 300 requests a minute. Families, each labelled `monitor_id`, `name` and `type`: `lookout_monitor_up` (1 up or degraded, 0 down; absent while pending or paused), `lookout_monitor_status{status}` (one sample per status, 1 for the current one), `lookout_monitor_response_time_seconds{region}` (the newest run of each region), `lookout_monitor_certificate_expiry_timestamp_seconds` (SSL and https HTTP monitors), `lookout_monitor_uptime_ratio{window="1d"|"30d"}`. Label values are escaped as the format requires. The process’s own metrics are at `/metrics`.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The 100 newest incidents of the team, newest first.
         * @description Any role. Each incident carries its timeline. No parameter changes the count.
         */
        get: operations["listIncidents"];
        put?: never;
        /**
         * Open an incident by hand.
         * @description Roles Member, Admin, Owner. The incident starts `investigating` with `source` `manual`; a `message` becomes its first update. A `monitorId` that names no monitor of your team is 404 not-found.
         */
        post: operations["createIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One incident with its timeline.
         * @description Any role. An incident of another team is not found.
         */
        get: operations["getIncident"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an update to the timeline of an open incident.
         * @description Roles Member, Admin, Owner. `status` (investigating, identified, monitoring) changes the incident status; omitted leaves it. `resolved` is rejected: resolve the incident instead. A resolved incident is not found.
         */
        post: operations["postIncidentUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve an open incident with a closing note.
         * @description Roles Admin, Owner. Appends an update with status `resolved` and the message (default "Incident closed manually"). An incident that is already resolved is not found.
         */
        post: operations["resolveIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge an open incident: someone is on it.
         * @description Roles Member, Admin, Owner. Sets `acknowledgedAt` and `acknowledgedBy` (your user id; `acknowledgedVia` stays null: it names the alert whose link acknowledged) and adds an `acknowledged` timeline entry kept off the status page. Acknowledging it again changes nothing: the first acknowledgement stands. A resolved incident is not found.
         */
        post: operations["acknowledgeIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/maintenance-windows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's maintenance windows, by first start.
         * @description Any role. Each says whether an occurrence is under way now (`active`) and when the next one starts.
         */
        get: operations["listMaintenanceWindows"];
        put?: never;
        /**
         * Plan a maintenance window for some monitors.
         * @description Roles Member, Admin, Owner. One occurrence (`rrule` null) or a recurring one: an RFC 5545 RRULE (FREQ DAILY, WEEKLY or MONTHLY; INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL) repeating the first occurrence at the same local time in `timezone`. While an occurrence is under way its monitors are still checked, show status `maintenance`, and open no incident and send no alert; their runs are flagged `maintenance` and left out of uptime. When it ends, the status comes from the newest runs, and a monitor still down alerts then.
         */
        post: operations["createMaintenanceWindow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/maintenance-windows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One maintenance window.
         * @description Any role. A window of another team is not found.
         */
        get: operations["getMaintenanceWindow"];
        put?: never;
        post?: never;
        /**
         * Delete a maintenance window.
         * @description Roles Admin, Owner. An occurrence under way ends with it: its monitors take their status from their newest runs.
         */
        delete: operations["deleteMaintenanceWindow"];
        options?: never;
        head?: never;
        /**
         * Change a maintenance window.
         * @description Roles Member, Admin, Owner. Fields left out keep their values; `monitorIds` replaces the list. A change of timing makes an occurrence ended early count again if it covers now.
         */
        patch: operations["updateMaintenanceWindow"];
        trace?: never;
    };
    "/api/v1/maintenance-windows/{id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the occurrence under way now.
         * @description Roles Member, Admin, Owner. Its monitors take their status from their newest runs at once (a monitor down then alerts). Later occurrences of a recurring window still come. A window with no occurrence under way is answered as it is.
         */
        post: operations["endMaintenanceWindow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notification-policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every notification policy of the team.
         * @description Any role. Channel secrets are never returned; `secretSet`, `routingKeySet` and the like say whether one is stored.
         */
        get: operations["listNotificationPolicies"];
        put?: never;
        /**
         * Create a notification policy: which monitor changes go to which channels.
         * @description Roles Admin, Owner. Point a monitor at it with `notificationPolicyId`. Events: monitor.down, monitor.degraded, monitor.up (only after down or degraded), certificate.expiring and domain.expiring, each delivered once per channel with retries for at least 24 h.
         */
        post: operations["createNotificationPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notification-policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One notification policy.
         * @description Any role.
         */
        get: operations["getNotificationPolicy"];
        put?: never;
        post?: never;
        /**
         * Delete a notification policy.
         * @description Roles Admin, Owner. Its monitors keep running with `notificationPolicyId` null; its pending deliveries are dropped.
         */
        delete: operations["deleteNotificationPolicy"];
        options?: never;
        head?: never;
        /**
         * Change some fields of a notification policy.
         * @description Roles Admin, Owner. Only the fields sent change; `channels` replaces the whole list, and a channel sent without one of its secrets keeps the one stored for the same channel (same type and address, at the same place or else the first such).
         */
        patch: operations["updateNotificationPolicy"];
        trace?: never;
    };
    "/api/v1/notification-policies/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to every channel of the policy now.
         * @description Roles Admin, Owner. Sends event `test` (webhook body with `monitor`, `previousStatus`, `status` and `incidentId` null; a pager gets an alert of its own, keyed by the event id) once to each channel and answers with each outcome; a failure is reported, not retried. The attempts appear in the deliveries log. At most 5 tests per policy per minute (across every node); the next is 429 `rate-limited` with `Retry-After` in seconds.
         */
        post: operations["testNotificationPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notification-policies/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The 100 newest delivery attempts of the policy, newest first, with their outcome.
         * @description Any role. Each attempt names its event, channel, HTTP status or error, and when the next attempt is due.
         */
        get: operations["listNotificationDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every alert sent to every channel of the team, newest first, a page at a time.
         * @description Any role. Each delivery names its monitor, incident and policy, its state (pending, delivered, failed) and its latest error. Filter by `state`, `channel` (type), `monitorId`, `incidentId` or `policyId`; page with `limit` (1-100, default 50) and the answer’s `nextCursor`. An incident’s alerts (down, reminders, escalation, recovery) are `?incidentId=`. Members see channel URLs masked.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status-pages/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's public status page.
         * @description Any role. A team has at most one page; without one the answer is 404 not-found.
         */
        get: operations["getStatusPage"];
        /**
         * Create or replace the team's public status page.
         * @description Roles Admin, Owner. Creates the page or replaces it whole (`showTargets` left out is false again) and answers 200 with the record either way. A slug another team uses is 400 (`slug: is already taken`); a monitor id that is not one of your team's monitors is 400. Groups list monitors of `monitorIds`, each in one group at most (else 400 on `groups.<g>.monitorIds.<i>`); a `customDomain` another team uses is 400. The page is public at `{base_url}/status/<slug>` (HTML), `/status/<slug>.json`, `/status/<slug>/index.json`, `/status/<slug>/feed.atom` and its badges `/status/<slug>/badge.svg` and `/status/<slug>/badge/<n>.svg?metric=status|uptime&days=1..90`; subscribers survive an edit.
         */
        put: operations["putStatusPage"];
        post?: never;
        /**
         * Remove the team's public status page.
         * @description Roles Admin, Owner. The public page, its JSON summary, its feed and its badges are gone at once (404), and its subscribers with it.
         */
        delete: operations["deleteStatusPage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status-pages/current/subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The status page's subscribers.
         * @description Roles Admin, Owner. Email and webhook subscribers, pending (not yet confirmed: told nothing) and confirmed, oldest first; those who unsubscribed are not listed. 404 when the team has no page.
         */
        get: operations["listStatusPageSubscribers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status-pages/current/subscribers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a subscriber.
         * @description Roles Admin, Owner. The subscriber is told nothing more, and what was queued for it is dropped. They may subscribe again.
         */
        delete: operations["deleteStatusPageSubscriber"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team the token belongs to, with the role the token acts with.
         * @description Any role.
         */
        get: operations["getTeam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename the team, or require two-factor sign-in of its members.
         * @description Roles Admin, Owner. The new name shows at once in every member’s team switcher and in invitation mails. `requireTwoFactor` is for Owners only (403 for an Admin): members without two-factor sign-in are sent to enrol before anything else in the dashboard.
         */
        patch: operations["renameTeam"];
        trace?: never;
    };
    "/api/v1/teams/current/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every member of the team with role and join date.
         * @description Any role.
         */
        get: operations["listTeamMembers"];
        put?: never;
        /**
         * Add a person to the team by email.
         * @description Roles Admin, Owner. Only an Owner can add an Owner. An existing user is added and signs in as before, and the answer never carries a link for them. An existing account that was never verified by email (its password was chosen through a link that was handed to an inviter, not mailed) and that belongs to a team or has a password is refused (400, `email`); so is a user whose invitation to another team is still open. The operator verifies such an account with `lookout user reset` or `lookout member add`. For an email without a user, a user without a password is created with a one-time set-password link (valid 7 days): with SMTP configured the link is only mailed to the address (`invitation.sentTo`), and using it verifies the account; without, the answer carries `invitation.setPasswordUrl` to pass on, and the account stays unverified. When the mail server refuses the mail, nobody is added (503).
         */
        post: operations["inviteTeamMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/current/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member from the team.
         * @description Roles Admin, Owner. An Admin cannot remove an Owner; the last Owner cannot be removed (400). The member’s tokens for this team stop working at once.
         */
        delete: operations["removeTeamMember"];
        options?: never;
        head?: never;
        /**
         * Change a member’s role.
         * @description Roles Admin, Owner. An Admin can neither make nor unmake Owners; the last Owner cannot be demoted (400), also by two changes made at once. The member’s tokens and sessions act with the new role at once.
         */
        patch: operations["changeTeamMemberRole"];
        trace?: never;
    };
    "/api/v1/teams/current/members/{userId}/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make an invited member’s set-password link again.
         * @description Roles Admin, Owner. For a member who has not chosen a password yet (`invited`). The earlier link stops working; the new one is valid 7 days and goes where invitations go: mailed to the address with SMTP configured, else answered as `invitation.setPasswordUrl`. A member who has joined, or whose account belongs to another team as well, is 400 on `userId`; an Admin cannot re-invite an Owner (403).
         */
        post: operations["resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/current/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every member’s active personal access tokens in this team, newest first.
         * @description Roles Admin, Owner. The token values themselves are never shown; `parentId` names the token a token was created with.
         */
        get: operations["listTeamTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/current/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke any member’s token: it, and every token created with it, stops working at once.
         * @description Roles Admin, Owner. An id that is no active token of this team is not found.
         */
        delete: operations["revokeTeamToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your active personal access tokens in this team, newest first, with when each was last used.
         * @description Any role. Only your own tokens; the token values themselves are never shown again.
         */
        get: operations["listTokens"];
        put?: never;
        /**
         * Create a personal access token for yourself in this team. The token is shown only in this answer.
         * @description Any role. The token acts with your current role in this team. At most 50 active tokens per member and team.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of your tokens: it stops working at once.
         * @description Any role. Only your own tokens (any other id is not found).
         */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in session: user, current team and role, every team, CSRF token.
         * @description No token needed. Reads the session cookie; 401 when there is none or it has ended.
         */
        get: operations["getSession"];
        put?: never;
        /**
         * Sign in with email and password: sets the session cookie.
         * @description No token needed. No token needed. Answers the session (user, team, teams, `csrfToken`) and sets the `lookout_session` cookie (HttpOnly, SameSite=Lax). Send `X-CSRF-Token: <csrfToken>` on every POST, PUT, PATCH and DELETE made with the cookie. A wrong email or password is 401; sign-in is throttled past 10 failures per account or 50 per client address in 15 minutes (429). A user with two-factor sign-in also sends `code` (or `recoveryCode`): without one the answer is 401 `two-factor-required` and no session; a wrong code counts as a wrong password. With `LOOKOUT_OIDC_ONLY` password sign-in is off (403).
         */
        post: operations["signIn"];
        /**
         * Sign out: ends the session on the server and clears the cookie.
         * @description No token needed. Needs `X-CSRF-Token` while the session is active. Without an active session it only clears the cookie.
         */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How people sign in here: password, the identity provider, or both.
         * @description No token needed. No token needed. The sign-in page reads it to show the “Sign in with <name>” button (which goes to `GET /api/v1/session/oidc`, a browser navigation that ends at `/api/v1/session/oidc/callback`) and to hide the password form when `LOOKOUT_OIDC_ONLY` is set.
         */
        get: operations["getSignInOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start two-factor sign-in: a new TOTP key for the authenticator app.
         * @description Any role. From a signed-in dashboard session only (403 with a token). Answers an `otpauth://` URI (show it as a QR code) and the same 160-bit key in base32; nothing changes at sign-in until `POST /api/v1/session/totp/confirm` with a first code. Starting again replaces an unconfirmed key; with two-factor sign-in already on, 400.
         */
        post: operations["enrolTwoFactor"];
        /**
         * Turn two-factor sign-in off, with a current code or a recovery code.
         * @description Any role. From a signed-in dashboard session only. A wrong code is 400 on `code` and counts as a wrong password for the sign-in limits.
         */
        delete: operations["disableTwoFactor"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in on with a first code; answers 10 recovery codes, once.
         * @description Any role. From a signed-in dashboard session only. A wrong code is 400 on `code` and counts as a wrong password for the sign-in limits. From now on password sign-in asks for a code or one of the recovery codes, each of which works once; only their digests are stored.
         */
        post: operations["confirmTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Act in another of your teams from now on.
         * @description No token needed. Needs `X-CSRF-Token`. `teamId` must be a team the user is a member of (else 400).
         */
        put: operations["switchTeam"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose a password with a one-time set-password link, and sign in.
         * @description No token needed. No token needed. `token` is the secret after `#` in the link an Owner or Admin got when inviting a new user. The link works once and for 7 days; other sessions of the user end. Sets the session cookie like sign-in.
         */
        post: operations["setPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your own name.
         * @description Any role. Your team and every other team you belong to see the new name at once.
         */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/api/v1/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your own password, given the current one.
         * @description Any role. A wrong `currentPassword` is 400 on that field and counts as a failed sign-in of the account (10 in 15 minutes, then 429). Every other session of yours ends; the one that made the change stays signed in. Personal access tokens keep working.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask to sign in with another address: a confirmation link is mailed to it.
         * @description Any role. Needs the current password (a wrong one counts as a failed sign-in) and a mail server (`SMTP_URL`; without, 503). The address does not change until the one-time link mailed to the new address is opened (24 hours; a newer request replaces it). An address of another account is 400 on `newEmail`.
         */
        post: operations["requestEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a new sign-in address with the link mailed to it.
         * @description No token needed. No token needed: `token` is the secret after `#` in the link. The account signs in with the new address from now on and is verified; every session of it ends (sign in again). A link works once and for 24 hours.
         */
        post: operations["confirmEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who changed what in the team: every change made through REST, MCP, the dashboard or the CLI, newest first.
         * @description Roles Admin, Owner. One entry per change (each write operation, sign-ins and failed sign-ins, tokens made and revoked, role changes, key rotation), written in the same transaction as the change: the actor (`user` for the dashboard, `token` for REST and MCP, `cli` for the operator), the surface, the action (the operation id, or `cli.<command>`), the target and the names of the fields sent — never their values. Filter by `action`, `actorId`, `targetId`, `since` (inclusive) and `until` (exclusive); page with `limit` and the answer’s `nextCursor`. Entries are kept 400 days and cannot be changed or deleted.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live monitor status changes of the team as server-sent events (text/event-stream).
         * @description Any role. Token or dashboard session. The first event is `snapshot` ({"type":"snapshot","monitors":[{monitorId,status,paused,lastCheckedAt}]}); then `monitor` ({"type":"monitor","change":"status|checked|added|removed","previousStatus","monitor":{…}}) within about two seconds of a change. A comment line every 15 s keeps the connection open; the stream ends when the token or session stops being valid. At most 5 streams are open per token or session (and a bounded number per server); the next is 429 `rate-limited` until one closes. HEAD answers the headers at once and opens no stream.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/regions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every region of the installation and who serves it: the server, a worker or a remote probe.
         * @description Roles Admin, Owner. The built-in regions and those of LOOKOUT_EXTRA_REGIONS, with when each last asked for work, its checks per minute and how late they ran then. A region nobody served for 3 × a monitor’s interval is stale for that monitor (`staleRegions`).
         */
        get: operations["listRegions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Problem: {
            /** @description `{base_url}/errors/<code>`; the last segment is the stable code. */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description The request path. */
            instance: string;
            /** @description Validation problems only: every failing field. */
            errors?: {
                field: string;
                message: string;
            }[];
        };
    };
    responses: {
        /** @description Unauthorized (type ends in /errors/unauthorized) */
        unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Rate limit exceeded (type ends in /errors/rate-limited) */
        "rate-limited": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Internal Server Error (type ends in /errors/internal) */
        internal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Payload Too Large (type ends in /errors/payload-too-large) */
        "payload-too-large": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Unsupported Media Type (type ends in /errors/unsupported-media-type) */
        "unsupported-media-type": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Validation Error (type ends in /errors/validation) */
        validation: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Not Found (type ends in /errors/not-found) */
        "not-found": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Forbidden (type ends in /errors/forbidden) */
        forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Service Unavailable (type ends in /errors/unavailable) */
        unavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Two-Factor Code Required (type ends in /errors/two-factor-required) */
        "two-factor-required": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listMonitors: {
        parameters: {
            query?: {
                /** @description Only the monitor with this key (a list of none or one). */
                key?: string;
                /** @description Only monitors with this tag; repeated (`?tag=a&tag=b`), only those with every tag given. */
                tag?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitors, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Every monitor of the team, oldest first. */
                        data: ({
                            id: string;
                            /** @constant */
                            type: "http";
                            name: string;
                            intervalSeconds: number;
                            timeoutSeconds: number;
                            regions: string[];
                            /** @description The name a document kept as code gives the monitor, or null. */
                            key: string | null;
                            /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                            secretsDigest: string | null;
                            notificationPolicyId: string | null;
                            failureThreshold: number;
                            recoveryThreshold: number;
                            /** @description Its tags, sorted; empty for none. */
                            tags: string[];
                            /** @description The monitor this one depends on, or null. */
                            dependsOn: string | null;
                            /**
                             * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                             * @enum {string}
                             */
                            status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                            /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                            degradedReasons: ("regions" | "assertions")[];
                            /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                            suppressedBy: string | null;
                            /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                            staleRegions: string[];
                            paused: boolean;
                            lastCheckedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            url: string;
                            /** @enum {string} */
                            method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
                            expectedStatus: number;
                            auth: {
                                /** @enum {string} */
                                type: "bearer" | "basic" | "header";
                                /** @description The basic-auth user name; null for other types. */
                                username: string | null;
                                /** @description The header carrying the secret; null for other types. */
                                headerName: string | null;
                                /** @description Always true: a secret is stored (encrypted). The secret itself is never returned. */
                                secretSet: boolean;
                            } | null;
                            /** @description Headers sent with every check; empty for none. */
                            headers: {
                                name: string;
                                value: string;
                            }[];
                            /** @description The request body, or null. */
                            body: string | null;
                            followRedirects: boolean;
                            /** @description Assertions on the answer, in order (a run reports each by its index); empty for none. */
                            assertions: ({
                                /** @constant */
                                source: "body";
                                /** @enum {string} */
                                op: "contains" | "notContains" | "matches" | "notMatches";
                                value: string;
                                /** @enum {string} */
                                severity: "fail" | "degraded";
                            } | {
                                /** @constant */
                                source: "json";
                                path: string;
                                /** @enum {string} */
                                op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "contains" | "exists" | "notExists";
                                value?: unknown;
                                /** @enum {string} */
                                severity: "fail" | "degraded";
                            } | {
                                /** @constant */
                                source: "header";
                                name: string;
                                /** @enum {string} */
                                op: "eq" | "contains" | "matches" | "exists" | "notExists";
                                value?: string;
                                /** @enum {string} */
                                severity: "fail" | "degraded";
                            } | {
                                /** @constant */
                                source: "responseTime";
                                /** @enum {string} */
                                op: "lt" | "lte";
                                value: number;
                                /** @enum {string} */
                                severity: "fail" | "degraded";
                            })[];
                            tlsVerify: boolean;
                            clientCertificate: {
                                /** @description The certificate's common name (or its whole subject). */
                                subject: string;
                                /** @description When the certificate expires (ISO 8601). */
                                notAfter: string;
                                /** @description Always true: its key is stored (encrypted). The key itself is never returned. */
                                keySet: boolean;
                            } | null;
                            /** @description The proxy the checks go through, `http://[user@]host:port` without its password; null for none. */
                            proxy: string | null;
                            /** @description Whether a proxy password is stored (encrypted); it is never returned. */
                            proxySet: boolean;
                            /** @enum {string} */
                            ipFamily: "auto" | "ipv4" | "ipv6";
                        } | {
                            id: string;
                            /** @constant */
                            type: "ssl";
                            name: string;
                            intervalSeconds: number;
                            timeoutSeconds: number;
                            regions: string[];
                            /** @description The name a document kept as code gives the monitor, or null. */
                            key: string | null;
                            /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                            secretsDigest: string | null;
                            notificationPolicyId: string | null;
                            failureThreshold: number;
                            recoveryThreshold: number;
                            /** @description Its tags, sorted; empty for none. */
                            tags: string[];
                            /** @description The monitor this one depends on, or null. */
                            dependsOn: string | null;
                            /**
                             * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                             * @enum {string}
                             */
                            status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                            /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                            degradedReasons: ("regions" | "assertions")[];
                            /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                            suppressedBy: string | null;
                            /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                            staleRegions: string[];
                            paused: boolean;
                            lastCheckedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            host: string;
                            port: number;
                            warningDays: number | null;
                            /** @description The certificate seen by the newest check, or null before the first one. */
                            certificate: {
                                subject: string;
                                issuer: string;
                                validFrom: string;
                                validTo: string;
                                /** @description Whole days until validTo when the newest check ran; negative once expired. */
                                daysRemaining: number;
                            } | null;
                        } | {
                            id: string;
                            /** @constant */
                            type: "tcp";
                            name: string;
                            intervalSeconds: number;
                            timeoutSeconds: number;
                            regions: string[];
                            /** @description The name a document kept as code gives the monitor, or null. */
                            key: string | null;
                            /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                            secretsDigest: string | null;
                            notificationPolicyId: string | null;
                            failureThreshold: number;
                            recoveryThreshold: number;
                            /** @description Its tags, sorted; empty for none. */
                            tags: string[];
                            /** @description The monitor this one depends on, or null. */
                            dependsOn: string | null;
                            /**
                             * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                             * @enum {string}
                             */
                            status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                            /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                            degradedReasons: ("regions" | "assertions")[];
                            /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                            suppressedBy: string | null;
                            /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                            staleRegions: string[];
                            paused: boolean;
                            lastCheckedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            host: string;
                            port: number;
                            tls: boolean;
                            /** @description Assertions on the connection, in order; empty for none. */
                            assertions: {
                                /** @constant */
                                source: "responseTime";
                                /** @enum {string} */
                                op: "lt" | "lte";
                                value: number;
                                /** @enum {string} */
                                severity: "fail" | "degraded";
                            }[];
                        } | {
                            id: string;
                            /** @constant */
                            type: "dns";
                            name: string;
                            intervalSeconds: number;
                            timeoutSeconds: number;
                            regions: string[];
                            /** @description The name a document kept as code gives the monitor, or null. */
                            key: string | null;
                            /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                            secretsDigest: string | null;
                            notificationPolicyId: string | null;
                            failureThreshold: number;
                            recoveryThreshold: number;
                            /** @description Its tags, sorted; empty for none. */
                            tags: string[];
                            /** @description The monitor this one depends on, or null. */
                            dependsOn: string | null;
                            /**
                             * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                             * @enum {string}
                             */
                            status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                            /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                            degradedReasons: ("regions" | "assertions")[];
                            /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                            suppressedBy: string | null;
                            /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                            staleRegions: string[];
                            paused: boolean;
                            lastCheckedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            hostname: string;
                            /** @enum {string} */
                            recordType: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS";
                            /** @description The DNS server asked, or null for the system's resolvers. */
                            resolver: string | null;
                            /** @description Assertions on the answer, in order; empty for none. */
                            assertions: ({
                                /** @constant */
                                source: "answer";
                                /** @enum {string} */
                                op: "contains" | "notContains" | "eq";
                                value: string | string[];
                                /** @enum {string} */
                                severity: "fail" | "degraded";
                            } | {
                                /** @constant */
                                source: "responseTime";
                                /** @enum {string} */
                                op: "lt" | "lte";
                                value: number;
                                /** @enum {string} */
                                severity: "fail" | "degraded";
                            })[];
                        } | {
                            id: string;
                            /** @constant */
                            type: "heartbeat";
                            name: string;
                            /** @description The name a document kept as code gives the monitor, or null. */
                            key: string | null;
                            /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                            secretsDigest: string | null;
                            notificationPolicyId: string | null;
                            failureThreshold: number;
                            recoveryThreshold: number;
                            /** @description Its tags, sorted; empty for none. */
                            tags: string[];
                            /** @description The monitor this one depends on, or null. */
                            dependsOn: string | null;
                            /**
                             * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                             * @enum {string}
                             */
                            status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                            /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                            degradedReasons: ("regions" | "assertions")[];
                            /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                            suppressedBy: string | null;
                            /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                            staleRegions: string[];
                            paused: boolean;
                            lastCheckedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            periodSeconds: number | null;
                            cron: string | null;
                            timezone: string;
                            graceSeconds: number;
                            /** @description Where the job reports: GET, POST or HEAD `pingUrl` on success, `pingUrl/start` when it starts, `pingUrl/fail` on failure, `pingUrl/<exit code>` (0 = success). The key in it is a secret: anyone with it can report for the job. Null for Viewers (Members and up see it), and where the record leaves the team (notification payloads). */
                            pingUrl: string | null;
                            /** @description When the monitor goes down unless a success ping comes first (expected time + grace); null before the first success ping and while paused. */
                            deadlineAt: string | null;
                        } | {
                            id: string;
                            /** @constant */
                            type: "ping";
                            name: string;
                            intervalSeconds: number;
                            timeoutSeconds: number;
                            regions: string[];
                            /** @description The name a document kept as code gives the monitor, or null. */
                            key: string | null;
                            /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                            secretsDigest: string | null;
                            notificationPolicyId: string | null;
                            failureThreshold: number;
                            recoveryThreshold: number;
                            /** @description Its tags, sorted; empty for none. */
                            tags: string[];
                            /** @description The monitor this one depends on, or null. */
                            dependsOn: string | null;
                            /**
                             * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                             * @enum {string}
                             */
                            status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                            /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                            degradedReasons: ("regions" | "assertions")[];
                            /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                            suppressedBy: string | null;
                            /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                            staleRegions: string[];
                            paused: boolean;
                            lastCheckedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            host: string;
                            packets: number;
                            /** @description Assertions on the replies, in order; empty for none. */
                            assertions: ({
                                /** @constant */
                                source: "responseTime";
                                /** @enum {string} */
                                op: "lt" | "lte";
                                value: number;
                                /** @enum {string} */
                                severity: "fail" | "degraded";
                            } | {
                                /** @constant */
                                source: "packetLoss";
                                /** @enum {string} */
                                op: "lte";
                                value: number;
                                /** @enum {string} */
                                severity: "fail" | "degraded";
                            })[];
                        } | {
                            id: string;
                            /** @constant */
                            type: "domain";
                            name: string;
                            intervalSeconds: number;
                            timeoutSeconds: number;
                            regions: string[];
                            /** @description The name a document kept as code gives the monitor, or null. */
                            key: string | null;
                            /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                            secretsDigest: string | null;
                            notificationPolicyId: string | null;
                            failureThreshold: number;
                            recoveryThreshold: number;
                            /** @description Its tags, sorted; empty for none. */
                            tags: string[];
                            /** @description The monitor this one depends on, or null. */
                            dependsOn: string | null;
                            /**
                             * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                             * @enum {string}
                             */
                            status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                            /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                            degradedReasons: ("regions" | "assertions")[];
                            /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                            suppressedBy: string | null;
                            /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                            staleRegions: string[];
                            paused: boolean;
                            lastCheckedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            domain: string;
                            warningDays: number;
                        })[];
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    createMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `http`: request a URL and compare the status code.
                     * @constant
                     */
                    type: "http";
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /**
                     * @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    failureThreshold?: number;
                    /**
                     * @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /**
                     * Format: uri
                     * @description The absolute http:// or https:// URL to request, at most 2048 characters. Credentials belong in `auth`, not in the URL.
                     */
                    url: string;
                    /**
                     * @description The HTTP method of the check request (upper case).
                     * @enum {string}
                     */
                    method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
                    /** @description The status code a check must get to succeed (exactly this code, in the final answer when redirects are followed): an integer from 100 to 599. */
                    expectedStatus: number;
                    /** @description Credentials for the check, or null for none. */
                    auth?: ({
                        /** @constant */
                        type: "bearer";
                        /** @description The credential: the bearer token, the basic-auth password or the header value. 1-4096 characters; stored encrypted and never returned. */
                        secret: string;
                    } | {
                        /** @constant */
                        type: "basic";
                        /** @description The credential: the bearer token, the basic-auth password or the header value. 1-4096 characters; stored encrypted and never returned. */
                        secret: string;
                        /** @description The basic-auth user name: 1-200 characters, no colon. */
                        username: string;
                    } | {
                        /** @constant */
                        type: "header";
                        /** @description The credential: the bearer token, the basic-auth password or the header value. 1-4096 characters; stored encrypted and never returned. */
                        secret: string;
                        /** @description The name of the header that carries the secret, e.g. `X-Api-Key`. Not Host, Content-Length, Transfer-Encoding or Connection. */
                        headerName: string;
                    }) | null;
                    /** @description Headers sent with every check request: 0-20 of `{name, value}`, each name once; null for none. Not secret: shown in answers (put credentials in `auth`). */
                    headers?: {
                        /** @description An HTTP header name, e.g. `Accept`. Not Host, Content-Length, Transfer-Encoding or Connection, nor the header `auth` sends. */
                        name: string;
                        /** @description The value: at most 4096 printable ASCII characters. */
                        value: string;
                    }[] | null;
                    /** @description The request body sent with every check, UTF-8 encoded: at most 65536 characters, only with method POST, PUT or DELETE; null for none. Set its Content-Type in `headers`. */
                    body?: string | null;
                    /**
                     * @description Whether to follow redirects: false (the default) judges the first answer; true follows up to 5 redirects, each to an address the target policy allows, and judges the final answer. Credentials (`auth`) and `headers` go only to the origin of `url`.
                     * @default false
                     */
                    followRedirects?: boolean;
                    /** @description Assertions on the answer, all of which must hold: 0-20, each on the `body`, a `json` path, a `header` or the `responseTime`; null for none. A failing `fail` assertion fails the run with `assertion-failed`; a failing `degraded` one leaves the run ok with a warning and marks the monitor degraded. */
                    assertions?: ({
                        /** @constant */
                        source: "body";
                        /**
                         * @description `contains`/`notContains` a text, `matches`/`notMatches` an RE2 pattern (searched anywhere in the body).
                         * @enum {string}
                         */
                        op: "contains" | "notContains" | "matches" | "notMatches";
                        /** @description The text to look for, or an RE2 pattern for `matches`/`notMatches`: 1-1024 characters. */
                        value: string;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    } | {
                        /** @constant */
                        source: "json";
                        /** @description Where the value is in the JSON body: `$`, then `.name` and `[index]` steps, such as `$.data.items[0].status`; at most 256 characters. */
                        path: string;
                        /**
                         * @description `eq`/`neq` (JSON equality), `lt`/`lte`/`gt`/`gte` (numbers), `contains` (a text within a string, or an element of an array), `exists`/`notExists`.
                         * @enum {string}
                         */
                        op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "contains" | "exists" | "notExists";
                        /** @description Any JSON value (its JSON text at most 1024 characters); a number for lt, lte, gt, gte; none for exists and notExists. */
                        value?: unknown;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    } | {
                        /** @constant */
                        source: "header";
                        /** @description The response header to check (any case). */
                        name: string;
                        /**
                         * @description `eq` (the whole value), `contains` a text, `matches` an RE2 pattern, `exists`, `notExists`.
                         * @enum {string}
                         */
                        op: "eq" | "contains" | "matches" | "exists" | "notExists";
                        /** @description The text to look for, or an RE2 pattern for `matches`/`notMatches`: 1-1024 characters. */
                        value?: string;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    } | {
                        /** @constant */
                        source: "responseTime";
                        /**
                         * @description `lt` (less than) or `lte` (at most).
                         * @enum {string}
                         */
                        op: "lt" | "lte";
                        /** @description Milliseconds: an integer from 1 to 120000. */
                        value: number;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    })[] | null;
                    /**
                     * @description Whether https certificates are verified (the default, true). False accepts any certificate and name: the run still records the certificate and carries the warning `certificate not verified`, which leaves the status as it is.
                     * @default true
                     */
                    tlsVerify?: boolean;
                    /** @description A client certificate presented to https targets that ask for one (mutual TLS): `{certificate, key}` in PEM, or null for none. */
                    clientCertificate?: {
                        /** @description The client certificate, PEM (`-----BEGIN CERTIFICATE-----`); more certificates after it are sent as its chain. */
                        certificate: string;
                        /** @description Its private key, PEM, not encrypted. Stored encrypted and never returned. */
                        key: string;
                    } | null;
                    /**
                     * Format: uri
                     * @description An HTTP proxy the checks go through: `http://[user:password@]host:port`, or null for none. https targets are reached through `CONNECT`, http targets with absolute-form requests. The target policy judges the proxy's address. The password is stored encrypted and never returned (the record answers the URL without it, and `proxySet`).
                     */
                    proxy?: string | null;
                    /**
                     * @description Which addresses of the host the check connects to: `auto` (the default: whichever resolves first), `ipv4` or `ipv6` only.
                     * @default auto
                     * @enum {string}
                     */
                    ipFamily?: "auto" | "ipv4" | "ipv6";
                } | {
                    /**
                     * @description `ssl`: check the TLS certificate of `host`.
                     * @constant
                     */
                    type: "ssl";
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /**
                     * @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    failureThreshold?: number;
                    /**
                     * @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description The host whose certificate is checked: a host name or an IP address, 1-253 characters, without scheme, path or port. */
                    host: string;
                    /**
                     * @description The TLS port: an integer from 1 to 65535; 443 when omitted at creation.
                     * @default 443
                     */
                    port?: number;
                    /** @description Days before the certificate expires from which a check raises a `certificate.expiring` warning: an integer from 1 to 3650, or null for no warning. */
                    warningDays?: number | null;
                } | {
                    /**
                     * @description `tcp`: connect to `host:port`.
                     * @constant
                     */
                    type: "tcp";
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /**
                     * @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    failureThreshold?: number;
                    /**
                     * @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description The host to connect to: a host name or an IP address, 1-253 characters, without scheme, path or port. */
                    host: string;
                    /** @description The TCP port to connect to: an integer from 1 to 65535. */
                    port: number;
                    /**
                     * @description Whether to complete a TLS handshake after connecting, with the certificate checks of an SSL monitor (no expiry warning); default false.
                     * @default false
                     */
                    tls?: boolean;
                    /** @description Assertions on the connection: `responseTime` only (the connection, and handshake, within a time); null for none. */
                    assertions?: {
                        /** @constant */
                        source: "responseTime";
                        /**
                         * @description `lt` (less than) or `lte` (at most).
                         * @enum {string}
                         */
                        op: "lt" | "lte";
                        /** @description Milliseconds: an integer from 1 to 120000. */
                        value: number;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    }[] | null;
                } | {
                    /**
                     * @description `dns`: ask a resolver for a record of `hostname`.
                     * @constant
                     */
                    type: "dns";
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /**
                     * @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    failureThreshold?: number;
                    /**
                     * @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description The name to ask about, 1-253 characters (a trailing dot is allowed), such as example.com. */
                    hostname: string;
                    /**
                     * @description The record type asked for: A, AAAA, CNAME, MX, TXT, NS.
                     * @enum {string}
                     */
                    recordType: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS";
                    /** @description The DNS server to ask: `ip`, `ip:port` or `[ipv6]:port` (port 53 when omitted); null or omitted: the system's resolvers. */
                    resolver?: string | null;
                    /** @description Assertions on the answer: `answer` (`contains`/`notContains` a record, `eq` the whole set of records) and `responseTime`; null for none. Records are compared as text: an address, a name, `<priority> <exchange>` for MX, the joined strings of a TXT record. */
                    assertions?: ({
                        /** @constant */
                        source: "answer";
                        /**
                         * @description `contains` (some record equals `value`), `notContains` (no record does), `eq` (the set of records equals `value`, order and repeats ignored).
                         * @enum {string}
                         */
                        op: "contains" | "notContains" | "eq";
                        /** @description A record as the run shows it (1-1024 characters) for contains/notContains; for eq an array of 1-50 of them. Names (CNAME, NS, the exchange of MX) are compared in any case, with or without a trailing dot. */
                        value?: string | string[];
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    } | {
                        /** @constant */
                        source: "responseTime";
                        /**
                         * @description `lt` (less than) or `lte` (at most).
                         * @enum {string}
                         */
                        op: "lt" | "lte";
                        /** @description Milliseconds: an integer from 1 to 120000. */
                        value: number;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    })[] | null;
                } | {
                    /**
                     * @description `heartbeat`: a job pings Lookout; the monitor goes down when a ping is missed.
                     * @constant
                     */
                    type: "heartbeat";
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name: string;
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /**
                     * @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    failureThreshold?: number;
                    /**
                     * @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description Seconds between two runs of the job: an integer from 60 to 2592000 (30 days). Exactly one of `periodSeconds` and `cron`. */
                    periodSeconds?: number | null;
                    /** @description When the job runs, as a 5-field cron expression (minute hour day-of-month month day-of-week) in `timezone`, such as `0 3 * * *`. Exactly one of `periodSeconds` and `cron`. */
                    cron?: string | null;
                    /** @description The IANA time zone `cron` is read in; default UTC. Only with `cron`. */
                    timezone?: string;
                    /**
                     * @description Seconds a ping may come after its expected time before the run counts as missed: an integer from 0 to 86400; default 300.
                     * @default 300
                     */
                    graceSeconds?: number;
                } | {
                    /**
                     * @description `ping`: send ICMP echo requests to `host`.
                     * @constant
                     */
                    type: "ping";
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /**
                     * @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    failureThreshold?: number;
                    /**
                     * @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description The host to ping: a host name or an IP address, 1-253 characters, without scheme, path or port. */
                    host: string;
                    /**
                     * @description Echo requests sent per check: an integer from 1 to 10; 3 when omitted at creation.
                     * @default 3
                     */
                    packets?: number;
                    /** @description Assertions on the replies: `responseTime` (the average round trip) and `packetLoss` (`lte` a percentage); null for none. */
                    assertions?: ({
                        /** @constant */
                        source: "responseTime";
                        /**
                         * @description `lt` (less than) or `lte` (at most).
                         * @enum {string}
                         */
                        op: "lt" | "lte";
                        /** @description Milliseconds: an integer from 1 to 120000. */
                        value: number;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    } | {
                        /** @constant */
                        source: "packetLoss";
                        /**
                         * @description `lte` (at most).
                         * @enum {string}
                         */
                        op: "lte";
                        /** @description A percentage from 0 to 100: the share of echo requests sent that may go unanswered. */
                        value: number;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    })[] | null;
                } | {
                    /**
                     * @description `domain`: ask the registry when `domain` expires.
                     * @constant
                     */
                    type: "domain";
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /**
                     * @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    failureThreshold?: number;
                    /**
                     * @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1.
                     * @default 1
                     */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description The registered domain whose expiry is watched, such as example.com: 1-253 characters, international names in xn-- form. Its top-level domain must have an RDAP service in IANA’s bootstrap file. */
                    domain: string;
                    /**
                     * @description Days before the registration expires from which a run warns and a `domain.expiring` event is raised (once per expiry date): 1 to 365; 30 when omitted at creation.
                     * @default 30
                     */
                    warningDays?: number;
                };
            };
        };
        responses: {
            /** @description The created monitor; `Location` names it. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        type: "http";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        url: string;
                        /** @enum {string} */
                        method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
                        expectedStatus: number;
                        auth: {
                            /** @enum {string} */
                            type: "bearer" | "basic" | "header";
                            /** @description The basic-auth user name; null for other types. */
                            username: string | null;
                            /** @description The header carrying the secret; null for other types. */
                            headerName: string | null;
                            /** @description Always true: a secret is stored (encrypted). The secret itself is never returned. */
                            secretSet: boolean;
                        } | null;
                        /** @description Headers sent with every check; empty for none. */
                        headers: {
                            name: string;
                            value: string;
                        }[];
                        /** @description The request body, or null. */
                        body: string | null;
                        followRedirects: boolean;
                        /** @description Assertions on the answer, in order (a run reports each by its index); empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "body";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "matches" | "notMatches";
                            value: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "json";
                            path: string;
                            /** @enum {string} */
                            op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "contains" | "exists" | "notExists";
                            value?: unknown;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "header";
                            name: string;
                            /** @enum {string} */
                            op: "eq" | "contains" | "matches" | "exists" | "notExists";
                            value?: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                        tlsVerify: boolean;
                        clientCertificate: {
                            /** @description The certificate's common name (or its whole subject). */
                            subject: string;
                            /** @description When the certificate expires (ISO 8601). */
                            notAfter: string;
                            /** @description Always true: its key is stored (encrypted). The key itself is never returned. */
                            keySet: boolean;
                        } | null;
                        /** @description The proxy the checks go through, `http://[user@]host:port` without its password; null for none. */
                        proxy: string | null;
                        /** @description Whether a proxy password is stored (encrypted); it is never returned. */
                        proxySet: boolean;
                        /** @enum {string} */
                        ipFamily: "auto" | "ipv4" | "ipv6";
                    } | {
                        id: string;
                        /** @constant */
                        type: "ssl";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        warningDays: number | null;
                        /** @description The certificate seen by the newest check, or null before the first one. */
                        certificate: {
                            subject: string;
                            issuer: string;
                            validFrom: string;
                            validTo: string;
                            /** @description Whole days until validTo when the newest check ran; negative once expired. */
                            daysRemaining: number;
                        } | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "tcp";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        tls: boolean;
                        /** @description Assertions on the connection, in order; empty for none. */
                        assertions: {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        }[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "dns";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        hostname: string;
                        /** @enum {string} */
                        recordType: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS";
                        /** @description The DNS server asked, or null for the system's resolvers. */
                        resolver: string | null;
                        /** @description Assertions on the answer, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "answer";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "eq";
                            value: string | string[];
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "heartbeat";
                        name: string;
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        periodSeconds: number | null;
                        cron: string | null;
                        timezone: string;
                        graceSeconds: number;
                        /** @description Where the job reports: GET, POST or HEAD `pingUrl` on success, `pingUrl/start` when it starts, `pingUrl/fail` on failure, `pingUrl/<exit code>` (0 = success). The key in it is a secret: anyone with it can report for the job. Null for Viewers (Members and up see it), and where the record leaves the team (notification payloads). */
                        pingUrl: string | null;
                        /** @description When the monitor goes down unless a success ping comes first (expected time + grace); null before the first success ping and while paused. */
                        deadlineAt: string | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "ping";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        packets: number;
                        /** @description Assertions on the replies, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "packetLoss";
                            /** @enum {string} */
                            op: "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "domain";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        domain: string;
                        warningDays: number;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    getMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        type: "http";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        url: string;
                        /** @enum {string} */
                        method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
                        expectedStatus: number;
                        auth: {
                            /** @enum {string} */
                            type: "bearer" | "basic" | "header";
                            /** @description The basic-auth user name; null for other types. */
                            username: string | null;
                            /** @description The header carrying the secret; null for other types. */
                            headerName: string | null;
                            /** @description Always true: a secret is stored (encrypted). The secret itself is never returned. */
                            secretSet: boolean;
                        } | null;
                        /** @description Headers sent with every check; empty for none. */
                        headers: {
                            name: string;
                            value: string;
                        }[];
                        /** @description The request body, or null. */
                        body: string | null;
                        followRedirects: boolean;
                        /** @description Assertions on the answer, in order (a run reports each by its index); empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "body";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "matches" | "notMatches";
                            value: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "json";
                            path: string;
                            /** @enum {string} */
                            op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "contains" | "exists" | "notExists";
                            value?: unknown;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "header";
                            name: string;
                            /** @enum {string} */
                            op: "eq" | "contains" | "matches" | "exists" | "notExists";
                            value?: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                        tlsVerify: boolean;
                        clientCertificate: {
                            /** @description The certificate's common name (or its whole subject). */
                            subject: string;
                            /** @description When the certificate expires (ISO 8601). */
                            notAfter: string;
                            /** @description Always true: its key is stored (encrypted). The key itself is never returned. */
                            keySet: boolean;
                        } | null;
                        /** @description The proxy the checks go through, `http://[user@]host:port` without its password; null for none. */
                        proxy: string | null;
                        /** @description Whether a proxy password is stored (encrypted); it is never returned. */
                        proxySet: boolean;
                        /** @enum {string} */
                        ipFamily: "auto" | "ipv4" | "ipv6";
                    } | {
                        id: string;
                        /** @constant */
                        type: "ssl";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        warningDays: number | null;
                        /** @description The certificate seen by the newest check, or null before the first one. */
                        certificate: {
                            subject: string;
                            issuer: string;
                            validFrom: string;
                            validTo: string;
                            /** @description Whole days until validTo when the newest check ran; negative once expired. */
                            daysRemaining: number;
                        } | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "tcp";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        tls: boolean;
                        /** @description Assertions on the connection, in order; empty for none. */
                        assertions: {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        }[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "dns";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        hostname: string;
                        /** @enum {string} */
                        recordType: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS";
                        /** @description The DNS server asked, or null for the system's resolvers. */
                        resolver: string | null;
                        /** @description Assertions on the answer, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "answer";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "eq";
                            value: string | string[];
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "heartbeat";
                        name: string;
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        periodSeconds: number | null;
                        cron: string | null;
                        timezone: string;
                        graceSeconds: number;
                        /** @description Where the job reports: GET, POST or HEAD `pingUrl` on success, `pingUrl/start` when it starts, `pingUrl/fail` on failure, `pingUrl/<exit code>` (0 = success). The key in it is a secret: anyone with it can report for the job. Null for Viewers (Members and up see it), and where the record leaves the team (notification payloads). */
                        pingUrl: string | null;
                        /** @description When the monitor goes down unless a success ping comes first (expected time + grace); null before the first success ping and while paused. */
                        deadlineAt: string | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "ping";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        packets: number;
                        /** @description Assertions on the replies, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "packetLoss";
                            /** @enum {string} */
                            op: "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "domain";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        domain: string;
                        warningDays: number;
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    deleteMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    updateMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name?: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds?: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds?: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions?: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /** @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1. */
                    failureThreshold?: number;
                    /** @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1. */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /**
                     * Format: uri
                     * @description The absolute http:// or https:// URL to request, at most 2048 characters. Credentials belong in `auth`, not in the URL.
                     */
                    url?: string;
                    /**
                     * @description The HTTP method of the check request (upper case).
                     * @enum {string}
                     */
                    method?: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
                    /** @description The status code a check must get to succeed (exactly this code, in the final answer when redirects are followed): an integer from 100 to 599. */
                    expectedStatus?: number;
                    /** @description Credentials for the check, or null for none. */
                    auth?: ({
                        /** @constant */
                        type: "bearer";
                        /** @description The credential: the bearer token, the basic-auth password or the header value. 1-4096 characters; stored encrypted and never returned. */
                        secret: string;
                    } | {
                        /** @constant */
                        type: "basic";
                        /** @description The credential: the bearer token, the basic-auth password or the header value. 1-4096 characters; stored encrypted and never returned. */
                        secret: string;
                        /** @description The basic-auth user name: 1-200 characters, no colon. */
                        username: string;
                    } | {
                        /** @constant */
                        type: "header";
                        /** @description The credential: the bearer token, the basic-auth password or the header value. 1-4096 characters; stored encrypted and never returned. */
                        secret: string;
                        /** @description The name of the header that carries the secret, e.g. `X-Api-Key`. Not Host, Content-Length, Transfer-Encoding or Connection. */
                        headerName: string;
                    }) | null;
                    /** @description Headers sent with every check request: 0-20 of `{name, value}`, each name once; null for none. Not secret: shown in answers (put credentials in `auth`). */
                    headers?: {
                        /** @description An HTTP header name, e.g. `Accept`. Not Host, Content-Length, Transfer-Encoding or Connection, nor the header `auth` sends. */
                        name: string;
                        /** @description The value: at most 4096 printable ASCII characters. */
                        value: string;
                    }[] | null;
                    /** @description The request body sent with every check, UTF-8 encoded: at most 65536 characters, only with method POST, PUT or DELETE; null for none. Set its Content-Type in `headers`. */
                    body?: string | null;
                    /** @description Whether to follow redirects: false (the default) judges the first answer; true follows up to 5 redirects, each to an address the target policy allows, and judges the final answer. Credentials (`auth`) and `headers` go only to the origin of `url`. */
                    followRedirects?: boolean;
                    /** @description Assertions on the answer, all of which must hold: 0-20, each on the `body`, a `json` path, a `header` or the `responseTime`; null for none. A failing `fail` assertion fails the run with `assertion-failed`; a failing `degraded` one leaves the run ok with a warning and marks the monitor degraded. */
                    assertions?: ({
                        /** @constant */
                        source: "body";
                        /**
                         * @description `contains`/`notContains` a text, `matches`/`notMatches` an RE2 pattern (searched anywhere in the body).
                         * @enum {string}
                         */
                        op: "contains" | "notContains" | "matches" | "notMatches";
                        /** @description The text to look for, or an RE2 pattern for `matches`/`notMatches`: 1-1024 characters. */
                        value: string;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    } | {
                        /** @constant */
                        source: "json";
                        /** @description Where the value is in the JSON body: `$`, then `.name` and `[index]` steps, such as `$.data.items[0].status`; at most 256 characters. */
                        path: string;
                        /**
                         * @description `eq`/`neq` (JSON equality), `lt`/`lte`/`gt`/`gte` (numbers), `contains` (a text within a string, or an element of an array), `exists`/`notExists`.
                         * @enum {string}
                         */
                        op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "contains" | "exists" | "notExists";
                        /** @description Any JSON value (its JSON text at most 1024 characters); a number for lt, lte, gt, gte; none for exists and notExists. */
                        value?: unknown;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    } | {
                        /** @constant */
                        source: "header";
                        /** @description The response header to check (any case). */
                        name: string;
                        /**
                         * @description `eq` (the whole value), `contains` a text, `matches` an RE2 pattern, `exists`, `notExists`.
                         * @enum {string}
                         */
                        op: "eq" | "contains" | "matches" | "exists" | "notExists";
                        /** @description The text to look for, or an RE2 pattern for `matches`/`notMatches`: 1-1024 characters. */
                        value?: string;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    } | {
                        /** @constant */
                        source: "responseTime";
                        /**
                         * @description `lt` (less than) or `lte` (at most).
                         * @enum {string}
                         */
                        op: "lt" | "lte";
                        /** @description Milliseconds: an integer from 1 to 120000. */
                        value: number;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    })[] | null;
                    /** @description Whether https certificates are verified (the default, true). False accepts any certificate and name: the run still records the certificate and carries the warning `certificate not verified`, which leaves the status as it is. */
                    tlsVerify?: boolean;
                    /** @description A client certificate presented to https targets that ask for one (mutual TLS): `{certificate, key}` in PEM, or null for none. */
                    clientCertificate?: {
                        /** @description The client certificate, PEM (`-----BEGIN CERTIFICATE-----`); more certificates after it are sent as its chain. */
                        certificate: string;
                        /** @description Its private key, PEM, not encrypted. Stored encrypted and never returned. */
                        key: string;
                    } | null;
                    /**
                     * Format: uri
                     * @description An HTTP proxy the checks go through: `http://[user:password@]host:port`, or null for none. https targets are reached through `CONNECT`, http targets with absolute-form requests. The target policy judges the proxy's address. The password is stored encrypted and never returned (the record answers the URL without it, and `proxySet`).
                     */
                    proxy?: string | null;
                    /**
                     * @description Which addresses of the host the check connects to: `auto` (the default: whichever resolves first), `ipv4` or `ipv6` only.
                     * @enum {string}
                     */
                    ipFamily?: "auto" | "ipv4" | "ipv6";
                } | {
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name?: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds?: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds?: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions?: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /** @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1. */
                    failureThreshold?: number;
                    /** @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1. */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description The host whose certificate is checked: a host name or an IP address, 1-253 characters, without scheme, path or port. */
                    host?: string;
                    /** @description The TLS port: an integer from 1 to 65535; 443 when omitted at creation. */
                    port?: number;
                    /** @description Days before the certificate expires from which a check raises a `certificate.expiring` warning: an integer from 1 to 3650, or null for no warning. */
                    warningDays?: number | null;
                } | {
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name?: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds?: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds?: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions?: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /** @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1. */
                    failureThreshold?: number;
                    /** @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1. */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description The host to connect to: a host name or an IP address, 1-253 characters, without scheme, path or port. */
                    host?: string;
                    /** @description The TCP port to connect to: an integer from 1 to 65535. */
                    port?: number;
                    /** @description Whether to complete a TLS handshake after connecting, with the certificate checks of an SSL monitor (no expiry warning); default false. */
                    tls?: boolean;
                    /** @description Assertions on the connection: `responseTime` only (the connection, and handshake, within a time); null for none. */
                    assertions?: {
                        /** @constant */
                        source: "responseTime";
                        /**
                         * @description `lt` (less than) or `lte` (at most).
                         * @enum {string}
                         */
                        op: "lt" | "lte";
                        /** @description Milliseconds: an integer from 1 to 120000. */
                        value: number;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    }[] | null;
                } | {
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name?: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds?: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds?: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions?: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /** @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1. */
                    failureThreshold?: number;
                    /** @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1. */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description The name to ask about, 1-253 characters (a trailing dot is allowed), such as example.com. */
                    hostname?: string;
                    /**
                     * @description The record type asked for: A, AAAA, CNAME, MX, TXT, NS.
                     * @enum {string}
                     */
                    recordType?: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS";
                    /** @description The DNS server to ask: `ip`, `ip:port` or `[ipv6]:port` (port 53 when omitted); null or omitted: the system's resolvers. */
                    resolver?: string | null;
                    /** @description Assertions on the answer: `answer` (`contains`/`notContains` a record, `eq` the whole set of records) and `responseTime`; null for none. Records are compared as text: an address, a name, `<priority> <exchange>` for MX, the joined strings of a TXT record. */
                    assertions?: ({
                        /** @constant */
                        source: "answer";
                        /**
                         * @description `contains` (some record equals `value`), `notContains` (no record does), `eq` (the set of records equals `value`, order and repeats ignored).
                         * @enum {string}
                         */
                        op: "contains" | "notContains" | "eq";
                        /** @description A record as the run shows it (1-1024 characters) for contains/notContains; for eq an array of 1-50 of them. Names (CNAME, NS, the exchange of MX) are compared in any case, with or without a trailing dot. */
                        value?: string | string[];
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    } | {
                        /** @constant */
                        source: "responseTime";
                        /**
                         * @description `lt` (less than) or `lte` (at most).
                         * @enum {string}
                         */
                        op: "lt" | "lte";
                        /** @description Milliseconds: an integer from 1 to 120000. */
                        value: number;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    })[] | null;
                } | {
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name?: string;
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /** @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1. */
                    failureThreshold?: number;
                    /** @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1. */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description Seconds between two runs of the job: an integer from 60 to 2592000 (30 days). Exactly one of `periodSeconds` and `cron`. */
                    periodSeconds?: number | null;
                    /** @description When the job runs, as a 5-field cron expression (minute hour day-of-month month day-of-week) in `timezone`, such as `0 3 * * *`. Exactly one of `periodSeconds` and `cron`. */
                    cron?: string | null;
                    /** @description The IANA time zone `cron` is read in; default UTC. Only with `cron`. */
                    timezone?: string;
                    /** @description Seconds a ping may come after its expected time before the run counts as missed: an integer from 0 to 86400; default 300. */
                    graceSeconds?: number;
                } | {
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name?: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds?: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds?: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions?: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /** @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1. */
                    failureThreshold?: number;
                    /** @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1. */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description The host to ping: a host name or an IP address, 1-253 characters, without scheme, path or port. */
                    host?: string;
                    /** @description Echo requests sent per check: an integer from 1 to 10; 3 when omitted at creation. */
                    packets?: number;
                    /** @description Assertions on the replies: `responseTime` (the average round trip) and `packetLoss` (`lte` a percentage); null for none. */
                    assertions?: ({
                        /** @constant */
                        source: "responseTime";
                        /**
                         * @description `lt` (less than) or `lte` (at most).
                         * @enum {string}
                         */
                        op: "lt" | "lte";
                        /** @description Milliseconds: an integer from 1 to 120000. */
                        value: number;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    } | {
                        /** @constant */
                        source: "packetLoss";
                        /**
                         * @description `lte` (at most).
                         * @enum {string}
                         */
                        op: "lte";
                        /** @description A percentage from 0 to 100: the share of echo requests sent that may go unanswered. */
                        value: number;
                        /**
                         * @description `fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.
                         * @enum {string}
                         */
                        severity?: "fail" | "degraded";
                    })[] | null;
                } | {
                    /** @description A name people recognise the monitor by: 1-200 characters, not only white space. */
                    name?: string;
                    /** @description Seconds between two checks: an integer from 60 to 3600. */
                    intervalSeconds?: number;
                    /** @description Seconds one check may take before it fails with `timeout`: an integer from 1 to 120. */
                    timeoutSeconds?: number;
                    /** @description Regions to check from: one or more of us-east, eu-west, asia or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails. */
                    regions?: string[];
                    /** @description The id of a notification policy of your team, told when the status changes; null for none. */
                    notificationPolicyId?: string | null;
                    /** @description Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1. */
                    failureThreshold?: number;
                    /** @description Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1. */
                    recoveryThreshold?: number;
                    key?: string | null;
                    secretsDigest?: string | null;
                    /** @description Tags to find the monitor by: 0-10 distinct strings of 1-32 characters of a-z 0-9 - _ : . (answered sorted). Default none. */
                    tags?: string[];
                    /** @description The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its incident and alerts then. No loops. */
                    dependsOn?: string | null;
                    /** @description The registered domain whose expiry is watched, such as example.com: 1-253 characters, international names in xn-- form. Its top-level domain must have an RDAP service in IANA’s bootstrap file. */
                    domain?: string;
                    /** @description Days before the registration expires from which a run warns and a `domain.expiring` event is raised (once per expiry date): 1 to 365; 30 when omitted at creation. */
                    warningDays?: number;
                };
            };
        };
        responses: {
            /** @description The updated monitor. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        type: "http";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        url: string;
                        /** @enum {string} */
                        method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
                        expectedStatus: number;
                        auth: {
                            /** @enum {string} */
                            type: "bearer" | "basic" | "header";
                            /** @description The basic-auth user name; null for other types. */
                            username: string | null;
                            /** @description The header carrying the secret; null for other types. */
                            headerName: string | null;
                            /** @description Always true: a secret is stored (encrypted). The secret itself is never returned. */
                            secretSet: boolean;
                        } | null;
                        /** @description Headers sent with every check; empty for none. */
                        headers: {
                            name: string;
                            value: string;
                        }[];
                        /** @description The request body, or null. */
                        body: string | null;
                        followRedirects: boolean;
                        /** @description Assertions on the answer, in order (a run reports each by its index); empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "body";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "matches" | "notMatches";
                            value: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "json";
                            path: string;
                            /** @enum {string} */
                            op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "contains" | "exists" | "notExists";
                            value?: unknown;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "header";
                            name: string;
                            /** @enum {string} */
                            op: "eq" | "contains" | "matches" | "exists" | "notExists";
                            value?: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                        tlsVerify: boolean;
                        clientCertificate: {
                            /** @description The certificate's common name (or its whole subject). */
                            subject: string;
                            /** @description When the certificate expires (ISO 8601). */
                            notAfter: string;
                            /** @description Always true: its key is stored (encrypted). The key itself is never returned. */
                            keySet: boolean;
                        } | null;
                        /** @description The proxy the checks go through, `http://[user@]host:port` without its password; null for none. */
                        proxy: string | null;
                        /** @description Whether a proxy password is stored (encrypted); it is never returned. */
                        proxySet: boolean;
                        /** @enum {string} */
                        ipFamily: "auto" | "ipv4" | "ipv6";
                    } | {
                        id: string;
                        /** @constant */
                        type: "ssl";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        warningDays: number | null;
                        /** @description The certificate seen by the newest check, or null before the first one. */
                        certificate: {
                            subject: string;
                            issuer: string;
                            validFrom: string;
                            validTo: string;
                            /** @description Whole days until validTo when the newest check ran; negative once expired. */
                            daysRemaining: number;
                        } | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "tcp";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        tls: boolean;
                        /** @description Assertions on the connection, in order; empty for none. */
                        assertions: {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        }[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "dns";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        hostname: string;
                        /** @enum {string} */
                        recordType: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS";
                        /** @description The DNS server asked, or null for the system's resolvers. */
                        resolver: string | null;
                        /** @description Assertions on the answer, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "answer";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "eq";
                            value: string | string[];
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "heartbeat";
                        name: string;
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        periodSeconds: number | null;
                        cron: string | null;
                        timezone: string;
                        graceSeconds: number;
                        /** @description Where the job reports: GET, POST or HEAD `pingUrl` on success, `pingUrl/start` when it starts, `pingUrl/fail` on failure, `pingUrl/<exit code>` (0 = success). The key in it is a secret: anyone with it can report for the job. Null for Viewers (Members and up see it), and where the record leaves the team (notification payloads). */
                        pingUrl: string | null;
                        /** @description When the monitor goes down unless a success ping comes first (expected time + grace); null before the first success ping and while paused. */
                        deadlineAt: string | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "ping";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        packets: number;
                        /** @description Assertions on the replies, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "packetLoss";
                            /** @enum {string} */
                            op: "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "domain";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        domain: string;
                        warningDays: number;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    pauseMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paused monitor (`status` is `paused`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        type: "http";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        url: string;
                        /** @enum {string} */
                        method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
                        expectedStatus: number;
                        auth: {
                            /** @enum {string} */
                            type: "bearer" | "basic" | "header";
                            /** @description The basic-auth user name; null for other types. */
                            username: string | null;
                            /** @description The header carrying the secret; null for other types. */
                            headerName: string | null;
                            /** @description Always true: a secret is stored (encrypted). The secret itself is never returned. */
                            secretSet: boolean;
                        } | null;
                        /** @description Headers sent with every check; empty for none. */
                        headers: {
                            name: string;
                            value: string;
                        }[];
                        /** @description The request body, or null. */
                        body: string | null;
                        followRedirects: boolean;
                        /** @description Assertions on the answer, in order (a run reports each by its index); empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "body";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "matches" | "notMatches";
                            value: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "json";
                            path: string;
                            /** @enum {string} */
                            op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "contains" | "exists" | "notExists";
                            value?: unknown;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "header";
                            name: string;
                            /** @enum {string} */
                            op: "eq" | "contains" | "matches" | "exists" | "notExists";
                            value?: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                        tlsVerify: boolean;
                        clientCertificate: {
                            /** @description The certificate's common name (or its whole subject). */
                            subject: string;
                            /** @description When the certificate expires (ISO 8601). */
                            notAfter: string;
                            /** @description Always true: its key is stored (encrypted). The key itself is never returned. */
                            keySet: boolean;
                        } | null;
                        /** @description The proxy the checks go through, `http://[user@]host:port` without its password; null for none. */
                        proxy: string | null;
                        /** @description Whether a proxy password is stored (encrypted); it is never returned. */
                        proxySet: boolean;
                        /** @enum {string} */
                        ipFamily: "auto" | "ipv4" | "ipv6";
                    } | {
                        id: string;
                        /** @constant */
                        type: "ssl";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        warningDays: number | null;
                        /** @description The certificate seen by the newest check, or null before the first one. */
                        certificate: {
                            subject: string;
                            issuer: string;
                            validFrom: string;
                            validTo: string;
                            /** @description Whole days until validTo when the newest check ran; negative once expired. */
                            daysRemaining: number;
                        } | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "tcp";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        tls: boolean;
                        /** @description Assertions on the connection, in order; empty for none. */
                        assertions: {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        }[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "dns";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        hostname: string;
                        /** @enum {string} */
                        recordType: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS";
                        /** @description The DNS server asked, or null for the system's resolvers. */
                        resolver: string | null;
                        /** @description Assertions on the answer, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "answer";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "eq";
                            value: string | string[];
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "heartbeat";
                        name: string;
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        periodSeconds: number | null;
                        cron: string | null;
                        timezone: string;
                        graceSeconds: number;
                        /** @description Where the job reports: GET, POST or HEAD `pingUrl` on success, `pingUrl/start` when it starts, `pingUrl/fail` on failure, `pingUrl/<exit code>` (0 = success). The key in it is a secret: anyone with it can report for the job. Null for Viewers (Members and up see it), and where the record leaves the team (notification payloads). */
                        pingUrl: string | null;
                        /** @description When the monitor goes down unless a success ping comes first (expected time + grace); null before the first success ping and while paused. */
                        deadlineAt: string | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "ping";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        packets: number;
                        /** @description Assertions on the replies, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "packetLoss";
                            /** @enum {string} */
                            op: "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "domain";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        domain: string;
                        warningDays: number;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    resumeMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The resumed monitor. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        type: "http";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        url: string;
                        /** @enum {string} */
                        method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
                        expectedStatus: number;
                        auth: {
                            /** @enum {string} */
                            type: "bearer" | "basic" | "header";
                            /** @description The basic-auth user name; null for other types. */
                            username: string | null;
                            /** @description The header carrying the secret; null for other types. */
                            headerName: string | null;
                            /** @description Always true: a secret is stored (encrypted). The secret itself is never returned. */
                            secretSet: boolean;
                        } | null;
                        /** @description Headers sent with every check; empty for none. */
                        headers: {
                            name: string;
                            value: string;
                        }[];
                        /** @description The request body, or null. */
                        body: string | null;
                        followRedirects: boolean;
                        /** @description Assertions on the answer, in order (a run reports each by its index); empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "body";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "matches" | "notMatches";
                            value: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "json";
                            path: string;
                            /** @enum {string} */
                            op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "contains" | "exists" | "notExists";
                            value?: unknown;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "header";
                            name: string;
                            /** @enum {string} */
                            op: "eq" | "contains" | "matches" | "exists" | "notExists";
                            value?: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                        tlsVerify: boolean;
                        clientCertificate: {
                            /** @description The certificate's common name (or its whole subject). */
                            subject: string;
                            /** @description When the certificate expires (ISO 8601). */
                            notAfter: string;
                            /** @description Always true: its key is stored (encrypted). The key itself is never returned. */
                            keySet: boolean;
                        } | null;
                        /** @description The proxy the checks go through, `http://[user@]host:port` without its password; null for none. */
                        proxy: string | null;
                        /** @description Whether a proxy password is stored (encrypted); it is never returned. */
                        proxySet: boolean;
                        /** @enum {string} */
                        ipFamily: "auto" | "ipv4" | "ipv6";
                    } | {
                        id: string;
                        /** @constant */
                        type: "ssl";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        warningDays: number | null;
                        /** @description The certificate seen by the newest check, or null before the first one. */
                        certificate: {
                            subject: string;
                            issuer: string;
                            validFrom: string;
                            validTo: string;
                            /** @description Whole days until validTo when the newest check ran; negative once expired. */
                            daysRemaining: number;
                        } | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "tcp";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        tls: boolean;
                        /** @description Assertions on the connection, in order; empty for none. */
                        assertions: {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        }[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "dns";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        hostname: string;
                        /** @enum {string} */
                        recordType: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS";
                        /** @description The DNS server asked, or null for the system's resolvers. */
                        resolver: string | null;
                        /** @description Assertions on the answer, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "answer";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "eq";
                            value: string | string[];
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "heartbeat";
                        name: string;
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        periodSeconds: number | null;
                        cron: string | null;
                        timezone: string;
                        graceSeconds: number;
                        /** @description Where the job reports: GET, POST or HEAD `pingUrl` on success, `pingUrl/start` when it starts, `pingUrl/fail` on failure, `pingUrl/<exit code>` (0 = success). The key in it is a secret: anyone with it can report for the job. Null for Viewers (Members and up see it), and where the record leaves the team (notification payloads). */
                        pingUrl: string | null;
                        /** @description When the monitor goes down unless a success ping comes first (expected time + grace); null before the first success ping and while paused. */
                        deadlineAt: string | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "ping";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        packets: number;
                        /** @description Assertions on the replies, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "packetLoss";
                            /** @enum {string} */
                            op: "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "domain";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        domain: string;
                        warningDays: number;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    newPingKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor with its new `pingUrl`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        type: "http";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        url: string;
                        /** @enum {string} */
                        method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
                        expectedStatus: number;
                        auth: {
                            /** @enum {string} */
                            type: "bearer" | "basic" | "header";
                            /** @description The basic-auth user name; null for other types. */
                            username: string | null;
                            /** @description The header carrying the secret; null for other types. */
                            headerName: string | null;
                            /** @description Always true: a secret is stored (encrypted). The secret itself is never returned. */
                            secretSet: boolean;
                        } | null;
                        /** @description Headers sent with every check; empty for none. */
                        headers: {
                            name: string;
                            value: string;
                        }[];
                        /** @description The request body, or null. */
                        body: string | null;
                        followRedirects: boolean;
                        /** @description Assertions on the answer, in order (a run reports each by its index); empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "body";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "matches" | "notMatches";
                            value: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "json";
                            path: string;
                            /** @enum {string} */
                            op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "contains" | "exists" | "notExists";
                            value?: unknown;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "header";
                            name: string;
                            /** @enum {string} */
                            op: "eq" | "contains" | "matches" | "exists" | "notExists";
                            value?: string;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                        tlsVerify: boolean;
                        clientCertificate: {
                            /** @description The certificate's common name (or its whole subject). */
                            subject: string;
                            /** @description When the certificate expires (ISO 8601). */
                            notAfter: string;
                            /** @description Always true: its key is stored (encrypted). The key itself is never returned. */
                            keySet: boolean;
                        } | null;
                        /** @description The proxy the checks go through, `http://[user@]host:port` without its password; null for none. */
                        proxy: string | null;
                        /** @description Whether a proxy password is stored (encrypted); it is never returned. */
                        proxySet: boolean;
                        /** @enum {string} */
                        ipFamily: "auto" | "ipv4" | "ipv6";
                    } | {
                        id: string;
                        /** @constant */
                        type: "ssl";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        warningDays: number | null;
                        /** @description The certificate seen by the newest check, or null before the first one. */
                        certificate: {
                            subject: string;
                            issuer: string;
                            validFrom: string;
                            validTo: string;
                            /** @description Whole days until validTo when the newest check ran; negative once expired. */
                            daysRemaining: number;
                        } | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "tcp";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        port: number;
                        tls: boolean;
                        /** @description Assertions on the connection, in order; empty for none. */
                        assertions: {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        }[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "dns";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        hostname: string;
                        /** @enum {string} */
                        recordType: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS";
                        /** @description The DNS server asked, or null for the system's resolvers. */
                        resolver: string | null;
                        /** @description Assertions on the answer, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "answer";
                            /** @enum {string} */
                            op: "contains" | "notContains" | "eq";
                            value: string | string[];
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "heartbeat";
                        name: string;
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        periodSeconds: number | null;
                        cron: string | null;
                        timezone: string;
                        graceSeconds: number;
                        /** @description Where the job reports: GET, POST or HEAD `pingUrl` on success, `pingUrl/start` when it starts, `pingUrl/fail` on failure, `pingUrl/<exit code>` (0 = success). The key in it is a secret: anyone with it can report for the job. Null for Viewers (Members and up see it), and where the record leaves the team (notification payloads). */
                        pingUrl: string | null;
                        /** @description When the monitor goes down unless a success ping comes first (expected time + grace); null before the first success ping and while paused. */
                        deadlineAt: string | null;
                    } | {
                        id: string;
                        /** @constant */
                        type: "ping";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        host: string;
                        packets: number;
                        /** @description Assertions on the replies, in order; empty for none. */
                        assertions: ({
                            /** @constant */
                            source: "responseTime";
                            /** @enum {string} */
                            op: "lt" | "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        } | {
                            /** @constant */
                            source: "packetLoss";
                            /** @enum {string} */
                            op: "lte";
                            value: number;
                            /** @enum {string} */
                            severity: "fail" | "degraded";
                        })[];
                    } | {
                        id: string;
                        /** @constant */
                        type: "domain";
                        name: string;
                        intervalSeconds: number;
                        timeoutSeconds: number;
                        regions: string[];
                        /** @description The name a document kept as code gives the monitor, or null. */
                        key: string | null;
                        /** @description The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        notificationPolicyId: string | null;
                        failureThreshold: number;
                        recoveryThreshold: number;
                        /** @description Its tags, sorted; empty for none. */
                        tags: string[];
                        /** @description The monitor this one depends on, or null. */
                        dependsOn: string | null;
                        /**
                         * @description `pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.
                         * @enum {string}
                         */
                        status: "pending" | "up" | "degraded" | "down" | "paused" | "maintenance";
                        /** @description Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), `assertions` (the newest run of some region succeeded with warnings), or both. */
                        degradedReasons: ("regions" | "assertions")[];
                        /** @description The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise. */
                        suppressedBy: string | null;
                        /** @description Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward `down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status. */
                        staleRegions: string[];
                        paused: boolean;
                        lastCheckedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        domain: string;
                        warningDays: number;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listMonitorRuns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            monitorId: string;
                            /** @description The region checked from; null for a heartbeat run (its job reported it). */
                            region: string | null;
                            /**
                             * @description `scheduled`, `manual` (check now), or `ping` (a heartbeat job reported; a missed heartbeat is `scheduled`).
                             * @enum {string}
                             */
                            trigger: "scheduled" | "manual" | "ping";
                            startedAt: string;
                            /** @description How long the check took; for a heartbeat run, how long the job ran since its `/start` ping, or null without one. */
                            durationMs: number | null;
                            ok: boolean;
                            /** @description 1 when the first attempt succeeded; 2 when the confirming retry ran. */
                            attempts: number;
                            error: {
                                /** @enum {string} */
                                code: "timeout" | "dns-failure" | "connection-refused" | "connection-reset" | "tls-error" | "status-mismatch" | "certificate-expired" | "certificate-not-yet-valid" | "certificate-untrusted" | "hostname-mismatch" | "target-blocked" | "assertion-failed" | "assertion-timeout" | "heartbeat-missed" | "heartbeat-failed" | "dns-nxdomain" | "dns-servfail" | "ping-no-reply" | "domain-expired" | "rdap-error";
                                message: string;
                            } | null;
                            /** @description HTTP runs: the status code received, if any. */
                            statusCode: number | null;
                            /** @description DNS runs: the answer. */
                            dns: {
                                /** @description The answer code (NOERROR, NXDOMAIN, SERVFAIL, REFUSED, …); null when no answer came. */
                                rcode: string | null;
                                /** @description The records of the answer as text: an address, a name, `<priority> <exchange>` for MX, a TXT record joined. */
                                records: string[];
                            } | null;
                            /** @description Ping runs: what was sent and what came back; null when nothing was sent (the name did not resolve, the address is blocked). */
                            ping: {
                                /** @description Echo requests sent. */
                                sent: number;
                                /** @description Echo replies received. */
                                received: number;
                                /** @description The shortest round trip in milliseconds (to the microsecond); null when no reply came. */
                                rttMinMs: number | null;
                                /** @description The average round trip; null when no reply came. The run’s durationMs is it rounded. */
                                rttAvgMs: number | null;
                                /** @description The longest round trip; null when no reply came. */
                                rttMaxMs: number | null;
                            } | null;
                            /** @description Domain runs: the registration’s expiry, from the registry (answers are kept 12 hours per domain). */
                            domain: {
                                /** @description When the registration expires (ISO-8601 UTC), as the registry said; null when it could not say. */
                                expiresAt: string | null;
                                /** @description The registrar the registry names, if any. */
                                registrar: string | null;
                                /** @description The RDAP address asked; null when no registry serves the domain. */
                                rdapUrl: string | null;
                            } | null;
                            /** @description Heartbeat runs: up to 10 KiB of the body the job POSTed with its ping. */
                            log: string | null;
                            /** @description HTTP runs: where the time went. A phase the exchange did not complete is null; totalMs is always there, also on failure. */
                            timings: {
                                dnsMs: number | null;
                                connectMs: number | null;
                                tlsMs: number | null;
                                ttfbMs: number | null;
                                totalMs: number;
                            } | null;
                            /** @description SSL runs: the certificate presented. */
                            certificate: {
                                subject: string;
                                issuer: string;
                                validFrom: string;
                                validTo: string;
                                /** @description Whole days until validTo when the newest check ran; negative once expired. */
                                daysRemaining: number;
                            } | null;
                            /** @description Each assertion's outcome when an answer came to judge; empty when the monitor has none or no answer came. */
                            assertions: {
                                /** @description The assertion's position in the monitor's `assertions`, from 0. */
                                index: number;
                                ok: boolean;
                                /** @description What was found (at most 200 characters), or null when there was nothing to read. */
                                actual: string | null;
                            }[];
                            /** @description Assertions of severity `degraded` that did not hold, such as "assertion 2: responseTime 912 ms ≥ 800"; and notes that leave the status as it is, such as "domain expires in 12 days, on 2027-01-01". */
                            warnings: string[];
                            /** @description True when what the check read from the target is withheld from this caller: on a monitor holding credentials (or a run made with them), Viewers and Members get every assertion `actual` as null, and each warning and assertion error as "assertion <n>: failed (what it read is shown to Admins and Owners only)". Admins and Owners read them whole. */
                            textsWithheld: boolean;
                            /** @description Whether a maintenance window covered the monitor: such runs change no status, alert nobody and count in no uptime. */
                            maintenance: boolean;
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    triggerCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check was queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitorId: string;
                        /** @constant */
                        status: "queued";
                        regions: string[];
                        enqueuedAt: string;
                        /** @description When the next manual check of this monitor may be triggered. */
                        nextTriggerAt: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    getMonitorStats: {
        parameters: {
            query?: {
                /** @description 24h and 7d in hourly buckets, 30d in daily buckets; default 24h. */
                range?: "24h" | "7d" | "30d";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitorId: string;
                        /** @enum {string} */
                        range: "24h" | "7d" | "30d";
                        from: string;
                        to: string;
                        bucketSeconds: number;
                        /** @description Completed checks (all regions). */
                        checks: number;
                        /** @description Checks that failed (after the confirming retry). */
                        failures: number;
                        /** @description Percentage of checks that succeeded; null without checks. */
                        uptime: number | null;
                        /** @description Mean duration of the runs that have one (every check; a heartbeat run after a `/start`); null without any. */
                        avgResponseMs: number | null;
                        p95ResponseMs: number | null;
                        /** @description Oldest first; only buckets with checks. */
                        buckets: {
                            start: string;
                            /** @description Completed checks (all regions). */
                            checks: number;
                            /** @description Checks that failed (after the confirming retry). */
                            failures: number;
                            /** @description Percentage of checks that succeeded; null without checks. */
                            uptime: number | null;
                            /** @description Mean duration of the runs that have one (every check; a heartbeat run after a `/start`); null without any. */
                            avgResponseMs: number | null;
                            /** @description 95th percentile from the duration histogram (the upper bound of its bucket). */
                            p95ResponseMs: number | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listMonitorSummaries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One summary per monitor, oldest monitor first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            monitorId: string;
                            /** @description Percentage of successful checks in the last 24 hours (hourly rollups); null without checks. */
                            uptime24h: number | null;
                            avgResponseMs24h: number | null;
                            checks24h: number;
                            /** @description The 30 newest runs, oldest first. */
                            recent: {
                                startedAt: string;
                                /** @description Null for the runs of a heartbeat monitor (reported by its job). */
                                region: string | null;
                                /** @description Null for a heartbeat run whose job did not report its start. */
                                durationMs: number | null;
                                ok: boolean;
                            }[];
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The exposition text (`text/plain; version=0.0.4; charset=utf-8`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listIncidents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up to 100 incidents, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            title: string;
                            /** @enum {string} */
                            status: "investigating" | "identified" | "monitoring" | "resolved";
                            /** @enum {string} */
                            severity: "minor" | "major" | "critical";
                            monitorId: string | null;
                            /**
                             * @description `manual`: created through REST, MCP or the dashboard; `monitor`: opened automatically when the monitor went down.
                             * @enum {string}
                             */
                            source: "manual" | "monitor";
                            createdAt: string;
                            updatedAt: string;
                            resolvedAt: string | null;
                            /** @description When someone said they are on it (acknowledge); null until then. */
                            acknowledgedAt: string | null;
                            /** @description The id of the user who acknowledged it; null until then, and when acknowledged through the link of an alert. */
                            acknowledgedBy: string | null;
                            /** @description When acknowledged through the link of an alert: the channel type and delivery that carried it; null otherwise. */
                            acknowledgedVia: {
                                /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                                channel: string;
                                /** @description The delivery (see the deliveries log) that carried the link. */
                                deliveryId: string;
                            } | null;
                            /** @description The name of the user who acknowledged it, as their account says now; null when `acknowledgedBy` is null or the account is gone. */
                            acknowledgedByName: string | null;
                            /** @description What opened it: the newest failed run of its monitor at the moment it opened; null for an incident opened by hand, or once that run was pruned. */
                            cause: {
                                runId: string;
                                startedAt: string;
                                /** @description The region of the failed run; null for a heartbeat (its job reports, from no region). */
                                region: string | null;
                                /** @description Why the run failed. An `assertion-failed` message quotes the target: Viewers and Members read "failed (what it read is shown to Admins and Owners only)" instead. */
                                error: {
                                    /** @enum {string} */
                                    code: "timeout" | "dns-failure" | "connection-refused" | "connection-reset" | "tls-error" | "status-mismatch" | "certificate-expired" | "certificate-not-yet-valid" | "certificate-untrusted" | "hostname-mismatch" | "target-blocked" | "assertion-failed" | "assertion-timeout" | "heartbeat-missed" | "heartbeat-failed" | "dns-nxdomain" | "dns-servfail" | "ping-no-reply" | "domain-expired" | "rdap-error";
                                    message: string;
                                } | null;
                                /** @description HTTP runs: the status code received, if any. */
                                statusCode: number | null;
                                /** @description The positions, from 1 as the form numbers them, of the assertions that did not hold. */
                                failedAssertions: number[];
                            } | null;
                            /** @description The timeline, oldest first. */
                            updates: {
                                id: string;
                                incidentId: string;
                                message: string;
                                /** @description The status this update set, or null when it set none. */
                                status: ("investigating" | "identified" | "monitoring" | "resolved") | null;
                                /** @description Whether the update appears on the public status page. */
                                postedToStatusPage: boolean;
                                createdAt: string;
                                /** @description `reopened`: the monitor went down again within 5 minutes of recovering and the incident was reopened; `acknowledged`: someone acknowledged the incident (not shown on the status page); null for any other update. */
                                kind: ("reopened" | "acknowledged") | null;
                                /** @description On an `acknowledged` entry made through an alert's link: which alert; null otherwise. */
                                acknowledgedVia: {
                                    /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                                    channel: string;
                                    /** @description The delivery (see the deliveries log) that carried the link. */
                                    deliveryId: string;
                                } | null;
                            }[];
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    createIncident: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What is wrong, as users should read it: 1-200 characters. */
                    title: string;
                    /** @description Optional: the id of a monitor of your team this incident is about; an id of no such monitor is 404 not-found. */
                    monitorId?: string | null;
                    /** @description Optional, up to 4000 characters: becomes the first timeline update (status investigating, shown on the status page). */
                    message?: string;
                    /**
                     * @description minor, major or critical; default major.
                     * @default major
                     * @enum {string}
                     */
                    severity?: "minor" | "major" | "critical";
                };
            };
        };
        responses: {
            /** @description The created incident; `Location` names it. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        /** @enum {string} */
                        status: "investigating" | "identified" | "monitoring" | "resolved";
                        /** @enum {string} */
                        severity: "minor" | "major" | "critical";
                        monitorId: string | null;
                        /**
                         * @description `manual`: created through REST, MCP or the dashboard; `monitor`: opened automatically when the monitor went down.
                         * @enum {string}
                         */
                        source: "manual" | "monitor";
                        createdAt: string;
                        updatedAt: string;
                        resolvedAt: string | null;
                        /** @description When someone said they are on it (acknowledge); null until then. */
                        acknowledgedAt: string | null;
                        /** @description The id of the user who acknowledged it; null until then, and when acknowledged through the link of an alert. */
                        acknowledgedBy: string | null;
                        /** @description When acknowledged through the link of an alert: the channel type and delivery that carried it; null otherwise. */
                        acknowledgedVia: {
                            /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                            channel: string;
                            /** @description The delivery (see the deliveries log) that carried the link. */
                            deliveryId: string;
                        } | null;
                        /** @description The name of the user who acknowledged it, as their account says now; null when `acknowledgedBy` is null or the account is gone. */
                        acknowledgedByName: string | null;
                        /** @description What opened it: the newest failed run of its monitor at the moment it opened; null for an incident opened by hand, or once that run was pruned. */
                        cause: {
                            runId: string;
                            startedAt: string;
                            /** @description The region of the failed run; null for a heartbeat (its job reports, from no region). */
                            region: string | null;
                            /** @description Why the run failed. An `assertion-failed` message quotes the target: Viewers and Members read "failed (what it read is shown to Admins and Owners only)" instead. */
                            error: {
                                /** @enum {string} */
                                code: "timeout" | "dns-failure" | "connection-refused" | "connection-reset" | "tls-error" | "status-mismatch" | "certificate-expired" | "certificate-not-yet-valid" | "certificate-untrusted" | "hostname-mismatch" | "target-blocked" | "assertion-failed" | "assertion-timeout" | "heartbeat-missed" | "heartbeat-failed" | "dns-nxdomain" | "dns-servfail" | "ping-no-reply" | "domain-expired" | "rdap-error";
                                message: string;
                            } | null;
                            /** @description HTTP runs: the status code received, if any. */
                            statusCode: number | null;
                            /** @description The positions, from 1 as the form numbers them, of the assertions that did not hold. */
                            failedAssertions: number[];
                        } | null;
                        /** @description The timeline, oldest first. */
                        updates: {
                            id: string;
                            incidentId: string;
                            message: string;
                            /** @description The status this update set, or null when it set none. */
                            status: ("investigating" | "identified" | "monitoring" | "resolved") | null;
                            /** @description Whether the update appears on the public status page. */
                            postedToStatusPage: boolean;
                            createdAt: string;
                            /** @description `reopened`: the monitor went down again within 5 minutes of recovering and the incident was reopened; `acknowledged`: someone acknowledged the incident (not shown on the status page); null for any other update. */
                            kind: ("reopened" | "acknowledged") | null;
                            /** @description On an `acknowledged` entry made through an alert's link: which alert; null otherwise. */
                            acknowledgedVia: {
                                /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                                channel: string;
                                /** @description The delivery (see the deliveries log) that carried the link. */
                                deliveryId: string;
                            } | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    getIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The incident. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        /** @enum {string} */
                        status: "investigating" | "identified" | "monitoring" | "resolved";
                        /** @enum {string} */
                        severity: "minor" | "major" | "critical";
                        monitorId: string | null;
                        /**
                         * @description `manual`: created through REST, MCP or the dashboard; `monitor`: opened automatically when the monitor went down.
                         * @enum {string}
                         */
                        source: "manual" | "monitor";
                        createdAt: string;
                        updatedAt: string;
                        resolvedAt: string | null;
                        /** @description When someone said they are on it (acknowledge); null until then. */
                        acknowledgedAt: string | null;
                        /** @description The id of the user who acknowledged it; null until then, and when acknowledged through the link of an alert. */
                        acknowledgedBy: string | null;
                        /** @description When acknowledged through the link of an alert: the channel type and delivery that carried it; null otherwise. */
                        acknowledgedVia: {
                            /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                            channel: string;
                            /** @description The delivery (see the deliveries log) that carried the link. */
                            deliveryId: string;
                        } | null;
                        /** @description The name of the user who acknowledged it, as their account says now; null when `acknowledgedBy` is null or the account is gone. */
                        acknowledgedByName: string | null;
                        /** @description What opened it: the newest failed run of its monitor at the moment it opened; null for an incident opened by hand, or once that run was pruned. */
                        cause: {
                            runId: string;
                            startedAt: string;
                            /** @description The region of the failed run; null for a heartbeat (its job reports, from no region). */
                            region: string | null;
                            /** @description Why the run failed. An `assertion-failed` message quotes the target: Viewers and Members read "failed (what it read is shown to Admins and Owners only)" instead. */
                            error: {
                                /** @enum {string} */
                                code: "timeout" | "dns-failure" | "connection-refused" | "connection-reset" | "tls-error" | "status-mismatch" | "certificate-expired" | "certificate-not-yet-valid" | "certificate-untrusted" | "hostname-mismatch" | "target-blocked" | "assertion-failed" | "assertion-timeout" | "heartbeat-missed" | "heartbeat-failed" | "dns-nxdomain" | "dns-servfail" | "ping-no-reply" | "domain-expired" | "rdap-error";
                                message: string;
                            } | null;
                            /** @description HTTP runs: the status code received, if any. */
                            statusCode: number | null;
                            /** @description The positions, from 1 as the form numbers them, of the assertions that did not hold. */
                            failedAssertions: number[];
                        } | null;
                        /** @description The timeline, oldest first. */
                        updates: {
                            id: string;
                            incidentId: string;
                            message: string;
                            /** @description The status this update set, or null when it set none. */
                            status: ("investigating" | "identified" | "monitoring" | "resolved") | null;
                            /** @description Whether the update appears on the public status page. */
                            postedToStatusPage: boolean;
                            createdAt: string;
                            /** @description `reopened`: the monitor went down again within 5 minutes of recovering and the incident was reopened; `acknowledged`: someone acknowledged the incident (not shown on the status page); null for any other update. */
                            kind: ("reopened" | "acknowledged") | null;
                            /** @description On an `acknowledged` entry made through an alert's link: which alert; null otherwise. */
                            acknowledgedVia: {
                                /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                                channel: string;
                                /** @description The delivery (see the deliveries log) that carried the link. */
                                deliveryId: string;
                            } | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    postIncidentUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The timeline entry: 1-4000 characters. */
                    message: string;
                    /**
                     * @description Optional: investigating, identified or monitoring; omitted leaves the status unchanged. To close the incident, resolve it instead.
                     * @enum {string}
                     */
                    status?: "investigating" | "identified" | "monitoring";
                    /**
                     * @description Whether the update appears on the public status page; default true.
                     * @default true
                     */
                    postedToStatusPage?: boolean;
                };
            };
        };
        responses: {
            /** @description The created update; `Location` names its incident. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        incidentId: string;
                        message: string;
                        /** @description The status this update set, or null when it set none. */
                        status: ("investigating" | "identified" | "monitoring" | "resolved") | null;
                        /** @description Whether the update appears on the public status page. */
                        postedToStatusPage: boolean;
                        createdAt: string;
                        /** @description `reopened`: the monitor went down again within 5 minutes of recovering and the incident was reopened; `acknowledged`: someone acknowledged the incident (not shown on the status page); null for any other update. */
                        kind: ("reopened" | "acknowledged") | null;
                        /** @description On an `acknowledged` entry made through an alert's link: which alert; null otherwise. */
                        acknowledgedVia: {
                            /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                            channel: string;
                            /** @description The delivery (see the deliveries log) that carried the link. */
                            deliveryId: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    resolveIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Optional closing note, 1-4000 characters; default "Incident closed manually". */
                    message?: string;
                };
            };
        };
        responses: {
            /** @description The resolved incident. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        /** @enum {string} */
                        status: "investigating" | "identified" | "monitoring" | "resolved";
                        /** @enum {string} */
                        severity: "minor" | "major" | "critical";
                        monitorId: string | null;
                        /**
                         * @description `manual`: created through REST, MCP or the dashboard; `monitor`: opened automatically when the monitor went down.
                         * @enum {string}
                         */
                        source: "manual" | "monitor";
                        createdAt: string;
                        updatedAt: string;
                        resolvedAt: string | null;
                        /** @description When someone said they are on it (acknowledge); null until then. */
                        acknowledgedAt: string | null;
                        /** @description The id of the user who acknowledged it; null until then, and when acknowledged through the link of an alert. */
                        acknowledgedBy: string | null;
                        /** @description When acknowledged through the link of an alert: the channel type and delivery that carried it; null otherwise. */
                        acknowledgedVia: {
                            /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                            channel: string;
                            /** @description The delivery (see the deliveries log) that carried the link. */
                            deliveryId: string;
                        } | null;
                        /** @description The name of the user who acknowledged it, as their account says now; null when `acknowledgedBy` is null or the account is gone. */
                        acknowledgedByName: string | null;
                        /** @description What opened it: the newest failed run of its monitor at the moment it opened; null for an incident opened by hand, or once that run was pruned. */
                        cause: {
                            runId: string;
                            startedAt: string;
                            /** @description The region of the failed run; null for a heartbeat (its job reports, from no region). */
                            region: string | null;
                            /** @description Why the run failed. An `assertion-failed` message quotes the target: Viewers and Members read "failed (what it read is shown to Admins and Owners only)" instead. */
                            error: {
                                /** @enum {string} */
                                code: "timeout" | "dns-failure" | "connection-refused" | "connection-reset" | "tls-error" | "status-mismatch" | "certificate-expired" | "certificate-not-yet-valid" | "certificate-untrusted" | "hostname-mismatch" | "target-blocked" | "assertion-failed" | "assertion-timeout" | "heartbeat-missed" | "heartbeat-failed" | "dns-nxdomain" | "dns-servfail" | "ping-no-reply" | "domain-expired" | "rdap-error";
                                message: string;
                            } | null;
                            /** @description HTTP runs: the status code received, if any. */
                            statusCode: number | null;
                            /** @description The positions, from 1 as the form numbers them, of the assertions that did not hold. */
                            failedAssertions: number[];
                        } | null;
                        /** @description The timeline, oldest first. */
                        updates: {
                            id: string;
                            incidentId: string;
                            message: string;
                            /** @description The status this update set, or null when it set none. */
                            status: ("investigating" | "identified" | "monitoring" | "resolved") | null;
                            /** @description Whether the update appears on the public status page. */
                            postedToStatusPage: boolean;
                            createdAt: string;
                            /** @description `reopened`: the monitor went down again within 5 minutes of recovering and the incident was reopened; `acknowledged`: someone acknowledged the incident (not shown on the status page); null for any other update. */
                            kind: ("reopened" | "acknowledged") | null;
                            /** @description On an `acknowledged` entry made through an alert's link: which alert; null otherwise. */
                            acknowledgedVia: {
                                /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                                channel: string;
                                /** @description The delivery (see the deliveries log) that carried the link. */
                                deliveryId: string;
                            } | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    acknowledgeIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The acknowledged incident. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        /** @enum {string} */
                        status: "investigating" | "identified" | "monitoring" | "resolved";
                        /** @enum {string} */
                        severity: "minor" | "major" | "critical";
                        monitorId: string | null;
                        /**
                         * @description `manual`: created through REST, MCP or the dashboard; `monitor`: opened automatically when the monitor went down.
                         * @enum {string}
                         */
                        source: "manual" | "monitor";
                        createdAt: string;
                        updatedAt: string;
                        resolvedAt: string | null;
                        /** @description When someone said they are on it (acknowledge); null until then. */
                        acknowledgedAt: string | null;
                        /** @description The id of the user who acknowledged it; null until then, and when acknowledged through the link of an alert. */
                        acknowledgedBy: string | null;
                        /** @description When acknowledged through the link of an alert: the channel type and delivery that carried it; null otherwise. */
                        acknowledgedVia: {
                            /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                            channel: string;
                            /** @description The delivery (see the deliveries log) that carried the link. */
                            deliveryId: string;
                        } | null;
                        /** @description The name of the user who acknowledged it, as their account says now; null when `acknowledgedBy` is null or the account is gone. */
                        acknowledgedByName: string | null;
                        /** @description What opened it: the newest failed run of its monitor at the moment it opened; null for an incident opened by hand, or once that run was pruned. */
                        cause: {
                            runId: string;
                            startedAt: string;
                            /** @description The region of the failed run; null for a heartbeat (its job reports, from no region). */
                            region: string | null;
                            /** @description Why the run failed. An `assertion-failed` message quotes the target: Viewers and Members read "failed (what it read is shown to Admins and Owners only)" instead. */
                            error: {
                                /** @enum {string} */
                                code: "timeout" | "dns-failure" | "connection-refused" | "connection-reset" | "tls-error" | "status-mismatch" | "certificate-expired" | "certificate-not-yet-valid" | "certificate-untrusted" | "hostname-mismatch" | "target-blocked" | "assertion-failed" | "assertion-timeout" | "heartbeat-missed" | "heartbeat-failed" | "dns-nxdomain" | "dns-servfail" | "ping-no-reply" | "domain-expired" | "rdap-error";
                                message: string;
                            } | null;
                            /** @description HTTP runs: the status code received, if any. */
                            statusCode: number | null;
                            /** @description The positions, from 1 as the form numbers them, of the assertions that did not hold. */
                            failedAssertions: number[];
                        } | null;
                        /** @description The timeline, oldest first. */
                        updates: {
                            id: string;
                            incidentId: string;
                            message: string;
                            /** @description The status this update set, or null when it set none. */
                            status: ("investigating" | "identified" | "monitoring" | "resolved") | null;
                            /** @description Whether the update appears on the public status page. */
                            postedToStatusPage: boolean;
                            createdAt: string;
                            /** @description `reopened`: the monitor went down again within 5 minutes of recovering and the incident was reopened; `acknowledged`: someone acknowledged the incident (not shown on the status page); null for any other update. */
                            kind: ("reopened" | "acknowledged") | null;
                            /** @description On an `acknowledged` entry made through an alert's link: which alert; null otherwise. */
                            acknowledgedVia: {
                                /** @description The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …). */
                                channel: string;
                                /** @description The delivery (see the deliveries log) that carried the link. */
                                deliveryId: string;
                            } | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listMaintenanceWindows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every window of the team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            title: string;
                            monitorIds: string[];
                            /** @description The first occurrence starts. */
                            startsAt: string;
                            /** @description The first occurrence ends. */
                            endsAt: string;
                            rrule: string | null;
                            timezone: string;
                            showOnStatusPage: boolean;
                            /** @description The name a document kept as code gives the window, or null. */
                            key: string | null;
                            /** @description Whether an occurrence is under way now (and was not ended early). */
                            active: boolean;
                            /** @description When the next occurrence starts (after now), or null when none will. */
                            nextStartsAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    createMaintenanceWindow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the maintenance is, 1-200 characters (shown on the status page). */
                    title: string;
                    /** @description The monitors the window covers: 1-1000 monitors of your team. */
                    monitorIds: string[];
                    /** @description The first occurrence starts (ISO 8601). */
                    startsAt: string;
                    /** @description The first occurrence ends (ISO 8601): after `startsAt`, at most 7 days later. Every occurrence lasts as long. */
                    endsAt: string;
                    /**
                     * @description null for a single occurrence, or an RFC 5545 RRULE repeating it in `timezone`: FREQ (DAILY, WEEKLY, MONTHLY), INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL; for example `FREQ=WEEKLY;BYDAY=SU`. Occurrences keep the local start time of `startsAt`; one whose local time does not exist (a DST gap) is skipped. A rule that can never occur (`FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=1MO`), or has no occurrence within 5 years of `startsAt`, is refused.
                     * @default null
                     */
                    rrule?: string | null;
                    /**
                     * @description The IANA time zone the rule repeats the local start time in; default UTC.
                     * @default UTC
                     */
                    timezone?: string;
                    /**
                     * @description Whether the public status page lists it (when it touches monitors the page shows); default true.
                     * @default true
                     */
                    showOnStatusPage?: boolean;
                    /** @default null */
                    key?: string | null;
                };
            };
        };
        responses: {
            /** @description The created window; `Location` names it. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        monitorIds: string[];
                        /** @description The first occurrence starts. */
                        startsAt: string;
                        /** @description The first occurrence ends. */
                        endsAt: string;
                        rrule: string | null;
                        timezone: string;
                        showOnStatusPage: boolean;
                        /** @description The name a document kept as code gives the window, or null. */
                        key: string | null;
                        /** @description Whether an occurrence is under way now (and was not ended early). */
                        active: boolean;
                        /** @description When the next occurrence starts (after now), or null when none will. */
                        nextStartsAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    getMaintenanceWindow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The window. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        monitorIds: string[];
                        /** @description The first occurrence starts. */
                        startsAt: string;
                        /** @description The first occurrence ends. */
                        endsAt: string;
                        rrule: string | null;
                        timezone: string;
                        showOnStatusPage: boolean;
                        /** @description The name a document kept as code gives the window, or null. */
                        key: string | null;
                        /** @description Whether an occurrence is under way now (and was not ended early). */
                        active: boolean;
                        /** @description When the next occurrence starts (after now), or null when none will. */
                        nextStartsAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    deleteMaintenanceWindow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    updateMaintenanceWindow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the maintenance is, 1-200 characters (shown on the status page). */
                    title?: string;
                    /** @description The monitors the window covers: 1-1000 monitors of your team. */
                    monitorIds?: string[];
                    /** @description The first occurrence starts (ISO 8601). */
                    startsAt?: string;
                    /** @description The first occurrence ends (ISO 8601): after `startsAt`, at most 7 days later. Every occurrence lasts as long. */
                    endsAt?: string;
                    /** @description null for a single occurrence, or an RFC 5545 RRULE repeating it in `timezone`: FREQ (DAILY, WEEKLY, MONTHLY), INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL; for example `FREQ=WEEKLY;BYDAY=SU`. Occurrences keep the local start time of `startsAt`; one whose local time does not exist (a DST gap) is skipped. A rule that can never occur (`FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=1MO`), or has no occurrence within 5 years of `startsAt`, is refused. */
                    rrule?: string | null;
                    /** @description The IANA time zone the rule repeats the local start time in; default UTC. */
                    timezone?: string;
                    /** @description Whether the public status page lists it (when it touches monitors the page shows); default true. */
                    showOnStatusPage?: boolean;
                    key?: string | null;
                };
            };
        };
        responses: {
            /** @description The window as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        monitorIds: string[];
                        /** @description The first occurrence starts. */
                        startsAt: string;
                        /** @description The first occurrence ends. */
                        endsAt: string;
                        rrule: string | null;
                        timezone: string;
                        showOnStatusPage: boolean;
                        /** @description The name a document kept as code gives the window, or null. */
                        key: string | null;
                        /** @description Whether an occurrence is under way now (and was not ended early). */
                        active: boolean;
                        /** @description When the next occurrence starts (after now), or null when none will. */
                        nextStartsAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    endMaintenanceWindow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The window (`active` false). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        monitorIds: string[];
                        /** @description The first occurrence starts. */
                        startsAt: string;
                        /** @description The first occurrence ends. */
                        endsAt: string;
                        rrule: string | null;
                        timezone: string;
                        showOnStatusPage: boolean;
                        /** @description The name a document kept as code gives the window, or null. */
                        key: string | null;
                        /** @description Whether an occurrence is under way now (and was not ended early). */
                        active: boolean;
                        /** @description When the next occurrence starts (after now), or null when none will. */
                        nextStartsAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listNotificationPolicies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policies, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            /** @description The name a document kept as code gives the policy, or null. */
                            key: string | null;
                            notifyOn: ("down" | "degraded" | "up" | "certificate-expiring" | "domain-expiring")[];
                            channels: ({
                                /** @constant */
                                type: "webhook";
                                url: string;
                                /** @description Whether deliveries are signed (Lookout-Signature header); the secret itself is never returned. */
                                secretSet: boolean;
                            } | {
                                /** @constant */
                                type: "slack";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "email";
                                to: string[];
                            } | {
                                /** @constant */
                                type: "discord";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "teams";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "telegram";
                                chatId: string;
                                /** @description Whether the bot token is stored; it is never returned. */
                                botTokenSet: boolean;
                            } | {
                                /** @constant */
                                type: "pagerduty";
                                /** @description Whether the routing key is stored; it is never returned. */
                                routingKeySet: boolean;
                            } | {
                                /** @constant */
                                type: "opsgenie";
                                /** @enum {string} */
                                region: "us" | "eu";
                                /** @description Whether the API key is stored; it is never returned. */
                                apiKeySet: boolean;
                            } | {
                                /** @constant */
                                type: "ntfy";
                                url: string;
                                priority: number | null;
                                /** @description Whether an access token is stored; it is never returned. */
                                tokenSet: boolean;
                            } | {
                                /** @constant */
                                type: "pushover";
                                /** @description Whether the user key is stored; it is never returned. */
                                userKeySet: boolean;
                                /** @description Whether the application token is stored; it is never returned. */
                                appTokenSet: boolean;
                            } | {
                                /** @constant */
                                type: "custom";
                                url: string;
                                /** @enum {string} */
                                method: "POST" | "PUT";
                                headers: {
                                    name: string;
                                    value: string;
                                }[];
                                /** @description The headers whose values are secrets: their names only; the values are stored encrypted and never returned. */
                                secretHeaders: {
                                    name: string;
                                    /** @constant */
                                    valueSet: true;
                                }[];
                                body: string;
                            })[];
                            repeatEverySeconds: number | null;
                            repeatMax: number;
                            escalateAfterSeconds: number | null;
                            escalationPolicyId: string | null;
                            /** @description The seal of the digest sent with its channels’ secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                            secretsDigest: string | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    createNotificationPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name for people: 1-200 characters. */
                    name: string;
                    /** @default null */
                    key?: string | null;
                    /**
                     * @description Which changes are sent; default down, degraded, up and certificate-expiring (domain-expiring when listed).
                     * @default [
                     *       "down",
                     *       "degraded",
                     *       "up",
                     *       "certificate-expiring"
                     *     ]
                     */
                    notifyOn?: ("down" | "degraded" | "up" | "certificate-expiring" | "domain-expiring")[];
                    /** @description 1-10 channels; every one gets every selected event. */
                    channels: ({
                        /** @constant */
                        type: "webhook";
                        /** @description Where the JSON event is POSTed: an absolute http(s) URL of at most 2048 characters. */
                        url: string;
                        /** @description Optional, 16-256 characters, stored encrypted and never returned: signs each delivery (Lookout-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">). On update, a webhook whose url is unchanged keeps its secret when `secret` is omitted; null removes it. */
                        secret?: string | null;
                    } | {
                        /** @constant */
                        type: "slack";
                        /** @description A Slack incoming-webhook URL (https://hooks.slack.com/services/…). */
                        webhookUrl: string;
                    } | {
                        /** @constant */
                        type: "email";
                        /** @description 1-20 email addresses; mail goes out through the SMTP server of SMTP_URL. */
                        to: string[];
                    } | {
                        /** @constant */
                        type: "discord";
                        /** @description A Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>): messages are posted with an embed. */
                        webhookUrl: string;
                    } | {
                        /** @constant */
                        type: "teams";
                        /** @description The URL of a Microsoft Teams Workflows webhook ("When a Teams webhook request is received"): it gets an Adaptive Card. */
                        webhookUrl: string;
                    } | {
                        /** @constant */
                        type: "telegram";
                        /** @description The chat the bot writes to: its numeric id (negative for groups) or @username of a public channel. */
                        chatId: string;
                        /** @description The bot’s token from BotFather. Stored encrypted, never returned. */
                        botToken: string;
                    } | {
                        /** @constant */
                        type: "pagerduty";
                        /** @description The integration (routing) key of an Events API v2 integration: a monitor going down triggers an alert, its recovery resolves it (dedup_key: the incident id). Stored encrypted, never returned. */
                        routingKey: string;
                    } | {
                        /** @constant */
                        type: "opsgenie";
                        /** @description The key of an Opsgenie API integration: a monitor going down creates an alert, its recovery closes it (alias: the incident id). Stored encrypted, never returned. */
                        apiKey: string;
                        /**
                         * @description Where the Opsgenie account lives: `us` (default) or `eu`.
                         * @default us
                         * @enum {string}
                         */
                        region?: "us" | "eu";
                    } | {
                        /** @constant */
                        type: "ntfy";
                        /** @description The topic URL messages are published to, e.g. https://ntfy.sh/my-topic or one on your own ntfy server. */
                        url: string;
                        /** @description An access token for a protected topic (sent as Bearer). Stored encrypted, never returned. On update, omitted keeps the one stored for the same channel; null removes it. */
                        token?: string | null;
                        /**
                         * @description 1 (min) to 5 (urgent) for every message; null (the default): by event (down 5, degraded and certificates 4, others 3).
                         * @default null
                         */
                        priority?: number | null;
                    } | {
                        /** @constant */
                        type: "pushover";
                        /** @description The user or group key to notify. Stored encrypted, never returned. */
                        userKey: string;
                        /** @description The API token of your Pushover application. Stored encrypted, never returned. */
                        appToken: string;
                    } | {
                        /** @constant */
                        type: "custom";
                        /** @description Where the body is sent: an absolute http(s) URL of at most 2048 characters. Members see it as scheme://host[:port]/… only. */
                        url: string;
                        /**
                         * @description POST or PUT.
                         * @enum {string}
                         */
                        method: "POST" | "PUT";
                        /**
                         * @description Headers sent with the body: 0-20 of `{name, value}`, each name once (default none). Not secret: shown in answers (put keys in secretHeaders). A Content-Type header must be application/json (or another +json type), application/x-www-form-urlencoded, application/xml, text/xml or text/plain; without one the body is sent as application/json.
                         * @default []
                         */
                        headers?: {
                            /** @description An HTTP header name, e.g. `Accept`. Not Host, Content-Length, Transfer-Encoding or Connection, nor the header `auth` sends. */
                            name: string;
                            /** @description The value: at most 4096 printable ASCII characters. */
                            value: string;
                        }[];
                        secretHeaders?: {
                            /** @description An HTTP header name, e.g. `Accept`. Not Host, Content-Length, Transfer-Encoding or Connection, nor the header `auth` sends. */
                            name: string;
                            /** @description The value: at most 4096 printable ASCII characters. */
                            value: string;
                        }[] | null;
                        /** @description The body sent, 1-8192 characters, in which {{monitor.name}}, {{status}}, {{previousStatus}}, {{incident.id}}, {{event}} and {{occurredAt}} are replaced by the event’s values (an absent value is empty), control characters removed and escaped for the channel’s Content-Type: inside a JSON string for JSON (e.g. {"text": "{{monitor.name}} is {{status}}"}), form-encoded for application/x-www-form-urlencoded (e.g. to=%2B15550100&text={{monitor.name}}), with XML entities for application/xml and text/xml, as they are for text/plain. Without a Content-Type header it is sent as application/json and must be JSON once its variables are filled in. */
                        body: string;
                    })[];
                    /**
                     * @description Seconds between reminders of the down alert while its incident stays open and unacknowledged: 300-86400, or null for none.
                     * @default null
                     */
                    repeatEverySeconds?: number | null;
                    /**
                     * @description Reminders at most per incident: 1-100; default 12.
                     * @default 12
                     */
                    repeatMax?: number;
                    /**
                     * @description Seconds an incident may stay open and unacknowledged before escalationPolicyId is notified, once: 60-86400, or null for never.
                     * @default null
                     */
                    escalateAfterSeconds?: number | null;
                    /**
                     * @description The policy notified on escalation: another policy of your team. Set together with escalateAfterSeconds.
                     * @default null
                     */
                    escalationPolicyId?: string | null;
                    /** @default null */
                    secretsDigest?: string | null;
                };
            };
        };
        responses: {
            /** @description The created policy; `Location` names it. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description The name a document kept as code gives the policy, or null. */
                        key: string | null;
                        notifyOn: ("down" | "degraded" | "up" | "certificate-expiring" | "domain-expiring")[];
                        channels: ({
                            /** @constant */
                            type: "webhook";
                            url: string;
                            /** @description Whether deliveries are signed (Lookout-Signature header); the secret itself is never returned. */
                            secretSet: boolean;
                        } | {
                            /** @constant */
                            type: "slack";
                            webhookUrl: string;
                        } | {
                            /** @constant */
                            type: "email";
                            to: string[];
                        } | {
                            /** @constant */
                            type: "discord";
                            webhookUrl: string;
                        } | {
                            /** @constant */
                            type: "teams";
                            webhookUrl: string;
                        } | {
                            /** @constant */
                            type: "telegram";
                            chatId: string;
                            /** @description Whether the bot token is stored; it is never returned. */
                            botTokenSet: boolean;
                        } | {
                            /** @constant */
                            type: "pagerduty";
                            /** @description Whether the routing key is stored; it is never returned. */
                            routingKeySet: boolean;
                        } | {
                            /** @constant */
                            type: "opsgenie";
                            /** @enum {string} */
                            region: "us" | "eu";
                            /** @description Whether the API key is stored; it is never returned. */
                            apiKeySet: boolean;
                        } | {
                            /** @constant */
                            type: "ntfy";
                            url: string;
                            priority: number | null;
                            /** @description Whether an access token is stored; it is never returned. */
                            tokenSet: boolean;
                        } | {
                            /** @constant */
                            type: "pushover";
                            /** @description Whether the user key is stored; it is never returned. */
                            userKeySet: boolean;
                            /** @description Whether the application token is stored; it is never returned. */
                            appTokenSet: boolean;
                        } | {
                            /** @constant */
                            type: "custom";
                            url: string;
                            /** @enum {string} */
                            method: "POST" | "PUT";
                            headers: {
                                name: string;
                                value: string;
                            }[];
                            /** @description The headers whose values are secrets: their names only; the values are stored encrypted and never returned. */
                            secretHeaders: {
                                name: string;
                                /** @constant */
                                valueSet: true;
                            }[];
                            body: string;
                        })[];
                        repeatEverySeconds: number | null;
                        repeatMax: number;
                        escalateAfterSeconds: number | null;
                        escalationPolicyId: string | null;
                        /** @description The seal of the digest sent with its channels’ secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    getNotificationPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description The name a document kept as code gives the policy, or null. */
                        key: string | null;
                        notifyOn: ("down" | "degraded" | "up" | "certificate-expiring" | "domain-expiring")[];
                        channels: ({
                            /** @constant */
                            type: "webhook";
                            url: string;
                            /** @description Whether deliveries are signed (Lookout-Signature header); the secret itself is never returned. */
                            secretSet: boolean;
                        } | {
                            /** @constant */
                            type: "slack";
                            webhookUrl: string;
                        } | {
                            /** @constant */
                            type: "email";
                            to: string[];
                        } | {
                            /** @constant */
                            type: "discord";
                            webhookUrl: string;
                        } | {
                            /** @constant */
                            type: "teams";
                            webhookUrl: string;
                        } | {
                            /** @constant */
                            type: "telegram";
                            chatId: string;
                            /** @description Whether the bot token is stored; it is never returned. */
                            botTokenSet: boolean;
                        } | {
                            /** @constant */
                            type: "pagerduty";
                            /** @description Whether the routing key is stored; it is never returned. */
                            routingKeySet: boolean;
                        } | {
                            /** @constant */
                            type: "opsgenie";
                            /** @enum {string} */
                            region: "us" | "eu";
                            /** @description Whether the API key is stored; it is never returned. */
                            apiKeySet: boolean;
                        } | {
                            /** @constant */
                            type: "ntfy";
                            url: string;
                            priority: number | null;
                            /** @description Whether an access token is stored; it is never returned. */
                            tokenSet: boolean;
                        } | {
                            /** @constant */
                            type: "pushover";
                            /** @description Whether the user key is stored; it is never returned. */
                            userKeySet: boolean;
                            /** @description Whether the application token is stored; it is never returned. */
                            appTokenSet: boolean;
                        } | {
                            /** @constant */
                            type: "custom";
                            url: string;
                            /** @enum {string} */
                            method: "POST" | "PUT";
                            headers: {
                                name: string;
                                value: string;
                            }[];
                            /** @description The headers whose values are secrets: their names only; the values are stored encrypted and never returned. */
                            secretHeaders: {
                                name: string;
                                /** @constant */
                                valueSet: true;
                            }[];
                            body: string;
                        })[];
                        repeatEverySeconds: number | null;
                        repeatMax: number;
                        escalateAfterSeconds: number | null;
                        escalationPolicyId: string | null;
                        /** @description The seal of the digest sent with its channels’ secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    deleteNotificationPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    updateNotificationPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name for people: 1-200 characters. */
                    name?: string;
                    key?: string | null;
                    /** @description Which changes are sent: a non-empty subset of down, degraded, up, certificate-expiring, domain-expiring. */
                    notifyOn?: ("down" | "degraded" | "up" | "certificate-expiring" | "domain-expiring")[];
                    /** @description Replaces every channel. A channel sent without one of its secrets keeps the one stored for the same channel (same type and address, at the same place in the list or else the first such). */
                    channels?: ({
                        /** @constant */
                        type: "webhook";
                        /** @description Where the JSON event is POSTed: an absolute http(s) URL of at most 2048 characters. */
                        url: string;
                        /** @description Optional, 16-256 characters, stored encrypted and never returned: signs each delivery (Lookout-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">). On update, a webhook whose url is unchanged keeps its secret when `secret` is omitted; null removes it. */
                        secret?: string | null;
                    } | {
                        /** @constant */
                        type: "slack";
                        /** @description A Slack incoming-webhook URL (https://hooks.slack.com/services/…). */
                        webhookUrl: string;
                    } | {
                        /** @constant */
                        type: "email";
                        /** @description 1-20 email addresses; mail goes out through the SMTP server of SMTP_URL. */
                        to: string[];
                    } | {
                        /** @constant */
                        type: "discord";
                        /** @description A Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>): messages are posted with an embed. */
                        webhookUrl: string;
                    } | {
                        /** @constant */
                        type: "teams";
                        /** @description The URL of a Microsoft Teams Workflows webhook ("When a Teams webhook request is received"): it gets an Adaptive Card. */
                        webhookUrl: string;
                    } | {
                        /** @constant */
                        type: "telegram";
                        /** @description The chat the bot writes to: its numeric id (negative for groups) or @username of a public channel. */
                        chatId: string;
                        /** @description The bot’s token from BotFather. On update, omitted keeps the stored one. */
                        botToken?: string;
                    } | {
                        /** @constant */
                        type: "pagerduty";
                        /** @description The integration (routing) key of an Events API v2 integration: a monitor going down triggers an alert, its recovery resolves it (dedup_key: the incident id). On update, omitted keeps the stored one. */
                        routingKey?: string;
                    } | {
                        /** @constant */
                        type: "opsgenie";
                        /** @description The key of an Opsgenie API integration: a monitor going down creates an alert, its recovery closes it (alias: the incident id). On update, omitted keeps the stored one. */
                        apiKey?: string;
                        /**
                         * @description Where the Opsgenie account lives: `us` (default) or `eu`.
                         * @default us
                         * @enum {string}
                         */
                        region?: "us" | "eu";
                    } | {
                        /** @constant */
                        type: "ntfy";
                        /** @description The topic URL messages are published to, e.g. https://ntfy.sh/my-topic or one on your own ntfy server. */
                        url: string;
                        /** @description An access token for a protected topic (sent as Bearer). Stored encrypted, never returned. On update, omitted keeps the one stored for the same channel; null removes it. */
                        token?: string | null;
                        /**
                         * @description 1 (min) to 5 (urgent) for every message; null (the default): by event (down 5, degraded and certificates 4, others 3).
                         * @default null
                         */
                        priority?: number | null;
                    } | {
                        /** @constant */
                        type: "pushover";
                        /** @description The user or group key to notify. On update, omitted keeps the stored one. */
                        userKey?: string;
                        /** @description The API token of your Pushover application. On update, omitted keeps the stored one. */
                        appToken?: string;
                    } | {
                        /** @constant */
                        type: "custom";
                        /** @description Where the body is sent: an absolute http(s) URL of at most 2048 characters. Members see it as scheme://host[:port]/… only. */
                        url: string;
                        /**
                         * @description POST or PUT.
                         * @enum {string}
                         */
                        method: "POST" | "PUT";
                        /**
                         * @description Headers sent with the body: 0-20 of `{name, value}`, each name once (default none). Not secret: shown in answers (put keys in secretHeaders). A Content-Type header must be application/json (or another +json type), application/x-www-form-urlencoded, application/xml, text/xml or text/plain; without one the body is sent as application/json.
                         * @default []
                         */
                        headers?: {
                            /** @description An HTTP header name, e.g. `Accept`. Not Host, Content-Length, Transfer-Encoding or Connection, nor the header `auth` sends. */
                            name: string;
                            /** @description The value: at most 4096 printable ASCII characters. */
                            value: string;
                        }[];
                        secretHeaders?: {
                            /** @description An HTTP header name, e.g. `Accept`. Not Host, Content-Length, Transfer-Encoding or Connection, nor the header `auth` sends. */
                            name: string;
                            /** @description The value: at most 4096 printable ASCII characters. */
                            value: string;
                        }[] | null;
                        /** @description The body sent, 1-8192 characters, in which {{monitor.name}}, {{status}}, {{previousStatus}}, {{incident.id}}, {{event}} and {{occurredAt}} are replaced by the event’s values (an absent value is empty), control characters removed and escaped for the channel’s Content-Type: inside a JSON string for JSON (e.g. {"text": "{{monitor.name}} is {{status}}"}), form-encoded for application/x-www-form-urlencoded (e.g. to=%2B15550100&text={{monitor.name}}), with XML entities for application/xml and text/xml, as they are for text/plain. Without a Content-Type header it is sent as application/json and must be JSON once its variables are filled in. */
                        body: string;
                    })[];
                    /** @description Seconds between reminders of the down alert while its incident stays open and unacknowledged: 300-86400, or null for none. */
                    repeatEverySeconds?: number | null;
                    /** @description Reminders at most per incident: 1-100. */
                    repeatMax?: number;
                    /** @description Seconds an incident may stay open and unacknowledged before escalationPolicyId is notified, once: 60-86400, or null for never. */
                    escalateAfterSeconds?: number | null;
                    /** @description The policy notified on escalation: another policy of your team. Set together with escalateAfterSeconds. */
                    escalationPolicyId?: string | null;
                    secretsDigest?: string | null;
                };
            };
        };
        responses: {
            /** @description The updated policy. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description The name a document kept as code gives the policy, or null. */
                        key: string | null;
                        notifyOn: ("down" | "degraded" | "up" | "certificate-expiring" | "domain-expiring")[];
                        channels: ({
                            /** @constant */
                            type: "webhook";
                            url: string;
                            /** @description Whether deliveries are signed (Lookout-Signature header); the secret itself is never returned. */
                            secretSet: boolean;
                        } | {
                            /** @constant */
                            type: "slack";
                            webhookUrl: string;
                        } | {
                            /** @constant */
                            type: "email";
                            to: string[];
                        } | {
                            /** @constant */
                            type: "discord";
                            webhookUrl: string;
                        } | {
                            /** @constant */
                            type: "teams";
                            webhookUrl: string;
                        } | {
                            /** @constant */
                            type: "telegram";
                            chatId: string;
                            /** @description Whether the bot token is stored; it is never returned. */
                            botTokenSet: boolean;
                        } | {
                            /** @constant */
                            type: "pagerduty";
                            /** @description Whether the routing key is stored; it is never returned. */
                            routingKeySet: boolean;
                        } | {
                            /** @constant */
                            type: "opsgenie";
                            /** @enum {string} */
                            region: "us" | "eu";
                            /** @description Whether the API key is stored; it is never returned. */
                            apiKeySet: boolean;
                        } | {
                            /** @constant */
                            type: "ntfy";
                            url: string;
                            priority: number | null;
                            /** @description Whether an access token is stored; it is never returned. */
                            tokenSet: boolean;
                        } | {
                            /** @constant */
                            type: "pushover";
                            /** @description Whether the user key is stored; it is never returned. */
                            userKeySet: boolean;
                            /** @description Whether the application token is stored; it is never returned. */
                            appTokenSet: boolean;
                        } | {
                            /** @constant */
                            type: "custom";
                            url: string;
                            /** @enum {string} */
                            method: "POST" | "PUT";
                            headers: {
                                name: string;
                                value: string;
                            }[];
                            /** @description The headers whose values are secrets: their names only; the values are stored encrypted and never returned. */
                            secretHeaders: {
                                name: string;
                                /** @constant */
                                valueSet: true;
                            }[];
                            body: string;
                        })[];
                        repeatEverySeconds: number | null;
                        repeatMax: number;
                        escalateAfterSeconds: number | null;
                        escalationPolicyId: string | null;
                        /** @description The seal of the digest sent with its channels’ secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null. */
                        secretsDigest: string | null;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    testNotificationPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One outcome per channel. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The id of the test event (webhook `id`, Lookout-Event-Id). */
                        eventId: string;
                        /** @description One outcome per channel, in the policy’s order. */
                        results: {
                            channel: {
                                /** @constant */
                                type: "webhook";
                                url: string;
                            } | {
                                /** @constant */
                                type: "slack";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "email";
                                to: string[];
                            } | {
                                /** @constant */
                                type: "discord";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "teams";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "telegram";
                                chatId: string;
                            } | {
                                /** @constant */
                                type: "pagerduty";
                            } | {
                                /** @constant */
                                type: "opsgenie";
                                /** @enum {string} */
                                region: "us" | "eu";
                            } | {
                                /** @constant */
                                type: "ntfy";
                                url: string;
                            } | {
                                /** @constant */
                                type: "pushover";
                            } | {
                                /** @constant */
                                type: "custom";
                                /** @enum {string} */
                                method: "POST" | "PUT";
                                url: string;
                            };
                            /** @enum {string} */
                            outcome: "delivered" | "failed";
                            statusCode: number | null;
                            error: string | null;
                            durationMs: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listNotificationDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up to 100 attempts, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @description The outbox entry: one per event and channel; its attempts share it. */
                            deliveryId: string;
                            /** @description The event id, sent as `id` in webhook bodies and as the Lookout-Event-Id header: receivers drop repeats by it. */
                            eventId: string;
                            /** @description monitor.down, monitor.degraded, monitor.up, certificate.expiring, or test. */
                            event: string;
                            monitorId: string | null;
                            channel: {
                                /** @constant */
                                type: "webhook";
                                url: string;
                            } | {
                                /** @constant */
                                type: "slack";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "email";
                                to: string[];
                            } | {
                                /** @constant */
                                type: "discord";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "teams";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "telegram";
                                chatId: string;
                            } | {
                                /** @constant */
                                type: "pagerduty";
                            } | {
                                /** @constant */
                                type: "opsgenie";
                                /** @enum {string} */
                                region: "us" | "eu";
                            } | {
                                /** @constant */
                                type: "ntfy";
                                url: string;
                            } | {
                                /** @constant */
                                type: "pushover";
                            } | {
                                /** @constant */
                                type: "custom";
                                /** @enum {string} */
                                method: "POST" | "PUT";
                                url: string;
                            };
                            /** @description 1 for the first attempt of the delivery. */
                            attempt: number;
                            attemptedAt: string;
                            durationMs: number;
                            /**
                             * @description `delivered`: the channel accepted it; `retrying`: it failed and another attempt is scheduled (nextAttemptAt); `failed`: it failed and no attempt follows.
                             * @enum {string}
                             */
                            outcome: "delivered" | "retrying" | "failed";
                            /** @description The HTTP status the receiver answered with (every channel but email), else null. */
                            statusCode: number | null;
                            /** @description Why it failed: a stable code and message, or `HTTP <status>: ` and the start of the answer, with the channel’s secrets shown as [secret]. */
                            error: string | null;
                            nextAttemptAt: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                /** @description Only deliveries in this state: pending (still being tried), delivered or failed (given up). */
                state?: "pending" | "delivered" | "failed";
                /** @description Only deliveries to channels of this type (`email`, `slack`, `webhook`, …). */
                channel?: "webhook" | "slack" | "email" | "discord" | "teams" | "telegram" | "pagerduty" | "opsgenie" | "ntfy" | "pushover" | "custom";
                /** @description Only the alerts about this monitor. */
                monitorId?: string;
                /** @description Only the alerts about this incident: its down alert, reminders, escalation, acknowledgement and recovery. */
                incidentId?: string;
                /** @description Only the deliveries of this notification policy. */
                policyId?: string;
                /** @description How many to answer: 1-100; default 50. */
                limit?: number;
                /** @description `nextCursor` of the previous page: the page after it. Cursors are opaque; one from another filter still pages by time. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first. */
                        data: {
                            id: string;
                            /** @description What the alert said: monitor.down, monitor.degraded, monitor.up, monitor.reminder, incident.escalated, incident.acknowledged, monitor.flapping, certificate.expiring, or test. */
                            event: string;
                            /** @description The event id (webhook `id`, Lookout-Event-Id). */
                            eventId: string;
                            /** @enum {string} */
                            state: "pending" | "delivered" | "failed";
                            channel: {
                                /** @constant */
                                type: "webhook";
                                url: string;
                            } | {
                                /** @constant */
                                type: "slack";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "email";
                                to: string[];
                            } | {
                                /** @constant */
                                type: "discord";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "teams";
                                webhookUrl: string;
                            } | {
                                /** @constant */
                                type: "telegram";
                                chatId: string;
                            } | {
                                /** @constant */
                                type: "pagerduty";
                            } | {
                                /** @constant */
                                type: "opsgenie";
                                /** @enum {string} */
                                region: "us" | "eu";
                            } | {
                                /** @constant */
                                type: "ntfy";
                                url: string;
                            } | {
                                /** @constant */
                                type: "pushover";
                            } | {
                                /** @constant */
                                type: "custom";
                                /** @enum {string} */
                                method: "POST" | "PUT";
                                url: string;
                            };
                            /** @description The notification policy that sent it. */
                            policy: {
                                id: string;
                                name: string;
                            } | null;
                            /** @description The monitor the alert was about; null for a test, or a monitor deleted since. */
                            monitor: {
                                id: string;
                                name: string;
                            } | null;
                            /** @description The incident the alert was about; null when there was none. */
                            incident: {
                                id: string;
                                title: string;
                            } | null;
                            /** @description Attempts made so far. */
                            attempts: number;
                            /** @description Why the latest attempt failed, with the channel’s secrets shown as [secret]; null when none failed. */
                            lastError: string | null;
                            /** @description When the alert was made for this channel. */
                            createdAt: string;
                            deliveredAt: string | null;
                            /** @description When a pending delivery is tried next; null once delivered or failed. */
                            nextAttemptAt: string | null;
                        }[];
                        /** @description Pass as `cursor` for the next page; null on the last one. */
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    getStatusPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        slug: string;
                        title: string;
                        /** @description The public page: `{base_url}/status/<slug>`. */
                        url: string;
                        /** @description The listed monitors in display order; deleted monitors drop out. */
                        monitorIds: string[];
                        /** @description Whether the page shows each monitor's host. */
                        showTargets: boolean;
                        /** @description The groups in display order (then the monitors in no group); null without groups. Deleted monitors drop out. */
                        groups: {
                            /** @description The heading of the group on the page, 1-100 characters. */
                            name: string;
                            /** @description Monitors of the page (of `monitorIds`) shown in this group, in this order. */
                            monitorIds: string[];
                        }[] | null;
                        /** @description The host name the page is also answered at (lower case); null when none. */
                        customDomain: string | null;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    putStatusPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where the page lives, `/status/<slug>`: 1-64 characters of a-z, 0-9 and -, unique across every team. */
                    slug: string;
                    /** @description The page heading, 1-200 characters. */
                    title: string;
                    /** @description The monitors the page shows, in this order: up to 100 monitors of your team (may be empty). */
                    monitorIds: string[];
                    /**
                     * @description Optional, default false: show each monitor's host on the page (an HTTP monitor's URL host, never its path, query or credentials).
                     * @default false
                     */
                    showTargets?: boolean;
                    /**
                     * @description Optional, default null: 1-20 groups shown in this order, then the monitors in no group. Each lists monitors of `monitorIds`; a monitor is in one group at most.
                     * @default null
                     */
                    groups?: {
                        /** @description The heading of the group on the page, 1-100 characters. */
                        name: string;
                        /** @description Monitors of the page (of `monitorIds`) shown in this group, in this order. */
                        monitorIds: string[];
                    }[] | null;
                    /** @description Optional, default null: a host name (such as `status.example.com`) whose requests are answered the page at `/` (and `/feed.atom`, `/badge.svg`, `/index.json`). Unique across teams; compared in lower case. */
                    customDomain?: string | null;
                };
            };
        };
        responses: {
            /** @description The page as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        slug: string;
                        title: string;
                        /** @description The public page: `{base_url}/status/<slug>`. */
                        url: string;
                        /** @description The listed monitors in display order; deleted monitors drop out. */
                        monitorIds: string[];
                        /** @description Whether the page shows each monitor's host. */
                        showTargets: boolean;
                        /** @description The groups in display order (then the monitors in no group); null without groups. Deleted monitors drop out. */
                        groups: {
                            /** @description The heading of the group on the page, 1-100 characters. */
                            name: string;
                            /** @description Monitors of the page (of `monitorIds`) shown in this group, in this order. */
                            monitorIds: string[];
                        }[] | null;
                        /** @description The host name the page is also answered at (lower case); null when none. */
                        customDomain: string | null;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    deleteStatusPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listStatusPageSubscribers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscribers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {string} */
                            kind: "email" | "webhook";
                            /** @description The email address or the webhook URL. */
                            address: string;
                            /**
                             * @description `pending` until the confirmation link is opened; then `confirmed`.
                             * @enum {string}
                             */
                            state: "pending" | "confirmed";
                            createdAt: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    deleteStatusPageSubscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    getTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        createdAt: string;
                        /**
                         * @description The role the calling token acts with.
                         * @enum {string}
                         */
                        tokenRole: "Viewer" | "Member" | "Admin" | "Owner";
                        /** @description Whether members must sign in with a second factor: the dashboard sends those without one to enrol first. */
                        requireTwoFactor: boolean;
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    renameTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The team’s new name: 1-200 characters. */
                    name?: string;
                    /** @description Owners only: true sends every member without two-factor sign-in to enrol before anything else in the dashboard. Tokens are not affected. */
                    requireTwoFactor?: boolean;
                };
            };
        };
        responses: {
            /** @description The renamed team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        createdAt: string;
                        /**
                         * @description The role the calling token acts with.
                         * @enum {string}
                         */
                        tokenRole: "Viewer" | "Member" | "Admin" | "Owner";
                        /** @description Whether members must sign in with a second factor: the dashboard sends those without one to enrol first. */
                        requireTwoFactor: boolean;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listTeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members, earliest joined first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            userId: string;
                            name: string;
                            email: string;
                            /** @enum {string} */
                            role: "Viewer" | "Member" | "Admin" | "Owner";
                            joinedAt: string;
                            /** @description True while the person has not chosen a password yet: they were invited and have not joined. An Admin can make their link again. */
                            invited: boolean;
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    inviteTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description The person’s email address. An existing user is added; otherwise a user is created.
                     */
                    email: string;
                    /**
                     * @description Viewer (reads everything, changes nothing), Member (default), Admin or Owner (Owners only).
                     * @default Member
                     * @enum {string}
                     */
                    role?: "Viewer" | "Member" | "Admin" | "Owner";
                    /** @description A display name for a new user; default the part of the email before @. */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The new member, with where the set-password link went (or the link) when one was made. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        name: string;
                        email: string;
                        /** @enum {string} */
                        role: "Viewer" | "Member" | "Admin" | "Owner";
                        joinedAt: string;
                        /** @description True while the person has not chosen a password yet: they were invited and have not joined. An Admin can make their link again. */
                        invited: boolean;
                        /** @description Set when the user has no password yet (a new user): where the link went, or the link itself; null when they can already sign in. */
                        invitation: ({
                            /** @description The address the one-time set-password link was mailed to; the link is in no answer. */
                            sentTo: string;
                            expiresAt: string;
                        } | {
                            /** @description A one-time link for the new user to choose a password and sign in. Pass it on; it is shown only in this answer. Using it does not verify the account. */
                            setPasswordUrl: string;
                            expiresAt: string;
                        }) | null;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
            503: components["responses"]["unavailable"];
        };
    };
    removeTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    changeTeamMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Viewer (reads only), Member, Admin or Owner. Only an Owner grants or takes away Owner; the last Owner keeps the role.
                     * @enum {string}
                     */
                    role: "Viewer" | "Member" | "Admin" | "Owner";
                };
            };
        };
        responses: {
            /** @description The member with the new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        name: string;
                        email: string;
                        /** @enum {string} */
                        role: "Viewer" | "Member" | "Admin" | "Owner";
                        joinedAt: string;
                        /** @description True while the person has not chosen a password yet: they were invited and have not joined. An Admin can make their link again. */
                        invited: boolean;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    resendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member, with where the new link went (or the link). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        name: string;
                        email: string;
                        /** @enum {string} */
                        role: "Viewer" | "Member" | "Admin" | "Owner";
                        joinedAt: string;
                        /** @description True while the person has not chosen a password yet: they were invited and have not joined. An Admin can make their link again. */
                        invited: boolean;
                        /** @description Set when the user has no password yet (a new user): where the link went, or the link itself; null when they can already sign in. */
                        invitation: ({
                            /** @description The address the one-time set-password link was mailed to; the link is in no answer. */
                            sentTo: string;
                            expiresAt: string;
                        } | {
                            /** @description A one-time link for the new user to choose a password and sign in. Pass it on; it is shown only in this answer. Using it does not verify the account. */
                            setPasswordUrl: string;
                            expiresAt: string;
                        }) | null;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
            503: components["responses"]["unavailable"];
        };
    };
    listTeamTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            /** @description The member the token acts as. */
                            userId: string;
                            email: string;
                            /**
                             * @description The member’s current role in the team: the role the token acts with.
                             * @enum {string}
                             */
                            role: "Viewer" | "Member" | "Admin" | "Owner";
                            createdAt: string;
                            expiresAt: string | null;
                            /** @description When the token last authenticated a request (kept to within about 30 seconds). */
                            lastUsedAt: string | null;
                            /** @description The token this one was created with; null when it was created from a dashboard session or by the operator. */
                            parentId: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    revokeTeamToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            createdAt: string;
                            expiresAt: string | null;
                            /** @description When the token last authenticated a request (kept to within about 30 seconds). */
                            lastUsedAt: string | null;
                            /** @description Whether this is the token making the request. */
                            current: boolean;
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label to recognise the token by: 1-100 characters. */
                    name: string;
                    /** @description Days until the token stops working: an integer from 1 to 3650; null or omitted for no expiry. A token created with a token that expires never outlives it: omitted, it expires with that token; asking for later is refused (400). */
                    expiresInDays?: number | null;
                };
            };
        };
        responses: {
            /** @description The created token, with `token` shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        createdAt: string;
                        expiresAt: string | null;
                        /** @description When the token last authenticated a request (kept to within about 30 seconds). */
                        lastUsedAt: string | null;
                        /** @description Whether this is the token making the request. */
                        current: boolean;
                        /** @description The token itself (lkt_ and 40 letters and digits). Shown only in this answer; only its SHA-256 is stored. */
                        token: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            404: components["responses"]["not-found"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            name: string;
                        };
                        /** @description The team the session acts in, with the user’s current role there. */
                        team: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "Viewer" | "Member" | "Admin" | "Owner";
                        };
                        /** @description Every team of the user, for the team switcher. */
                        teams: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "Viewer" | "Member" | "Admin" | "Owner";
                        }[];
                        /** @description Send it as the `X-CSRF-Token` header on every POST, PUT, PATCH and DELETE made with the session cookie. */
                        csrfToken: string;
                        /** @description When the session ends at the latest (it also ends after 7 days without use). */
                        expiresAt: string;
                        twoFactor: {
                            /** @description Whether the user signs in with a second factor (TOTP). */
                            enabled: boolean;
                            /** @description Whether the session’s team requires one: the dashboard sends a user without one to enrol first. */
                            requiredByTeam: boolean;
                        };
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description The email address the account was created with (any case).
                     */
                    email: string;
                    password: string;
                    /** @description With two-factor sign-in on: the 6-digit code from the authenticator app. */
                    code?: string;
                    /** @description With two-factor sign-in on, in place of `code`: one of the recovery codes (each works once). */
                    recoveryCode?: string;
                };
            };
        };
        responses: {
            /** @description Signed in; `Set-Cookie` carries the session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            name: string;
                        };
                        /** @description The team the session acts in, with the user’s current role there. */
                        team: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "Viewer" | "Member" | "Admin" | "Owner";
                        };
                        /** @description Every team of the user, for the team switcher. */
                        teams: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "Viewer" | "Member" | "Admin" | "Owner";
                        }[];
                        /** @description Send it as the `X-CSRF-Token` header on every POST, PUT, PATCH and DELETE made with the session cookie. */
                        csrfToken: string;
                        /** @description When the session ends at the latest (it also ends after 7 days without use). */
                        expiresAt: string;
                        twoFactor: {
                            /** @description Whether the user signs in with a second factor (TOTP). */
                            enabled: boolean;
                            /** @description Whether the session’s team requires one: the dashboard sends a user without one to enrol first. */
                            requiredByTeam: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    getSignInOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in options. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether email and password sign-in is offered (false with `LOOKOUT_OIDC_ONLY`). */
                        password: boolean;
                        /** @description Sign-in with the OpenID Connect provider, when one is configured. */
                        oidc: {
                            /** @description The provider’s name for the button: “Sign in with <name>”. */
                            name: string;
                            /** @description Where the button goes. */
                            url: string;
                        } | null;
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    enrolTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, to put into the authenticator app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The `otpauth://totp/…` URI to show as a QR code to the authenticator app. */
                        otpauthUri: string;
                        /** @description The same 160-bit key in base32, for typing into the app by hand. */
                        secretBase32: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    disableTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A 6-digit code from the authenticator app (or, to turn two-factor off, one of the recovery codes). */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Two-factor sign-in is off; the key and recovery codes are deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    confirmTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A 6-digit code from the authenticator app (or, to turn two-factor off, one of the recovery codes). */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Two-factor sign-in is on; the recovery codes are shown this once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Ten single-use recovery codes, shown this once: each signs in once in place of a code. */
                        recoveryCodes: string[];
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    switchTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A team the signed-in user is a member of. */
                    teamId: string;
                };
            };
        };
        responses: {
            /** @description The session, now in that team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            name: string;
                        };
                        /** @description The team the session acts in, with the user’s current role there. */
                        team: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "Viewer" | "Member" | "Admin" | "Owner";
                        };
                        /** @description Every team of the user, for the team switcher. */
                        teams: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "Viewer" | "Member" | "Admin" | "Owner";
                        }[];
                        /** @description Send it as the `X-CSRF-Token` header on every POST, PUT, PATCH and DELETE made with the session cookie. */
                        csrfToken: string;
                        /** @description When the session ends at the latest (it also ends after 7 days without use). */
                        expiresAt: string;
                        twoFactor: {
                            /** @description Whether the user signs in with a second factor (TOTP). */
                            enabled: boolean;
                            /** @description Whether the session’s team requires one: the dashboard sends a user without one to enrol first. */
                            requiredByTeam: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    setPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The secret from the set-password link (the part after `#`). */
                    token: string;
                    /** @description At least 12 and at most 1024 characters. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Password set and signed in; `Set-Cookie` carries the session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            name: string;
                        };
                        /** @description The team the session acts in, with the user’s current role there. */
                        team: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "Viewer" | "Member" | "Admin" | "Owner";
                        };
                        /** @description Every team of the user, for the team switcher. */
                        teams: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "Viewer" | "Member" | "Admin" | "Owner";
                        }[];
                        /** @description Send it as the `X-CSRF-Token` header on every POST, PUT, PATCH and DELETE made with the session cookie. */
                        csrfToken: string;
                        /** @description When the session ends at the latest (it also ends after 7 days without use). */
                        expiresAt: string;
                        twoFactor: {
                            /** @description Whether the user signs in with a second factor (TOTP). */
                            enabled: boolean;
                            /** @description Whether the session’s team requires one: the dashboard sends a user without one to enrol first. */
                            requiredByTeam: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your name as your team sees it: 1-200 characters. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Your account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        name: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The password the account signs in with now. */
                    currentPassword: string;
                    /** @description At least 12 and at most 1024 characters. */
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Changed; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    requestEmailChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description The address to sign in with from now on: it changes once the link mailed to it is opened.
                     */
                    newEmail: string;
                    /** @description The password the account signs in with now. */
                    currentPassword: string;
                };
            };
        };
        responses: {
            /** @description The link was mailed; nothing changed yet. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The new address the one-time confirmation link was mailed to. */
                        sentTo: string;
                        /** @description When the link stops working (24 hours). */
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
            503: components["responses"]["unavailable"];
        };
    };
    confirmEmailChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The secret from the confirmation link (the part after `#`). */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The address changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The address the account signs in with from now on. */
                        email: string;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Only entries of this action: an operation id (`updateMonitor`) or `cli.<command>` (`cli.member.set-role`). */
                action?: string;
                /** @description Only entries of this actor: a user's id (dashboard), a token's id (REST, MCP). */
                actorId?: string;
                /** @description Only entries about this resource (a monitor, policy, member, token… by its id). */
                targetId?: string;
                since?: string;
                until?: string;
                /** @description How many to answer: 1-200; default 50. */
                limit?: number;
                /** @description `nextCursor` of the previous page: the page after it, with the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first. */
                        data: {
                            id: string;
                            /** @description When the change was committed (ISO 8601). */
                            at: string;
                            actor: {
                                /**
                                 * @description `user` (a dashboard session), `token` (a personal access token, over REST or MCP), `cli` (the operator), `system`.
                                 * @enum {string}
                                 */
                                type: "user" | "token" | "cli" | "system";
                                /** @description The user's id for `user`, the token's id for `token`; null for `cli` and `system`. */
                                id: string | null;
                                /** @description The email of the user acting (or owning the token) when the entry was written. */
                                email: string | null;
                            };
                            /** @enum {string} */
                            surface: "rest" | "mcp" | "dashboard" | "cli";
                            /** @description The operation id (`createMonitor`, `signIn`, `signInFailed`) or `cli.<command>`. */
                            action: string;
                            /** @description The resource acted on, in the singular: `monitor`, `policy`, `incident`, `member`, `token`, `team`, `user`, … */
                            targetType: string | null;
                            targetId: string | null;
                            /** @description The client address, as TRUST_PROXY decides it; null for the CLI. */
                            ip: string | null;
                            /** @description The names of the fields sent (never their values). */
                            changes: string[];
                        }[];
                        /** @description Pass as `cursor` for the next page; null on the last one. */
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["validation"];
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    streamEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An endless text/event-stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            401: components["responses"]["unauthorized"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
    listRegions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The regions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The region: a built-in one or one of LOOKOUT_EXTRA_REGIONS. */
                            name: string;
                            /** @description Who asked for its checks within the last 3 minutes: the server itself, a `lookout worker`, a remote probe; null when nobody did. */
                            servedBy: ("server" | "worker" | "probe") | null;
                            /** @description When the region last asked for work; null when it never did. */
                            lastSeenAt: string | null;
                            /** @description Checks of the region recorded in the minute before it last asked for work. */
                            checksPerMinute: number;
                            /** @description How late its checks started then (seconds after they were due), or how long the oldest check waited for a probe. */
                            lagSeconds: number;
                        }[];
                    };
                };
            };
            401: components["responses"]["unauthorized"];
            403: components["responses"]["forbidden"];
            429: components["responses"]["rate-limited"];
            500: components["responses"]["internal"];
        };
    };
}
