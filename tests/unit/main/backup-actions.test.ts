import { describe, expect, it } from 'vitest';
import { createBackupActions, type BackupShell } from '../../../src/main/backups/backup-actions';
import type { SessionHttpAnswer } from '../../../src/shared/auth/session-client';
import { TransportFailure } from '../../../src/shared/transport-failure';
import type { User } from '../../../src/shared/api/auth';
import { officer } from './auth-fixtures';

// Main's side of Back up now / Restore: only with the embedded server and for an administrator;
// the archive comes from the native dialog; the server checks it; a parked restore restarts the app.

const counts = { applications: 405, applicants: 310, users: 11, documents: 1200 };
const summary = { path: '/backups/naric-backup-20260301-020000.tar.gz', created_at: '2026-03-01T02:00:00.000Z', app_version: '0.1.0', schema_version: '0035-personal-data', trigger: 'scheduled', counts, current: { ...counts, applications: 410 } };
const admin: User = { ...officer, username: 'admin', is_superuser: true };

function setup(options: { embedded?: boolean; user?: User | null; chosen?: string | null; answers?: Record<string, SessionHttpAnswer> } = {}) {
  const calls: { path: string; body: unknown; token: string | undefined }[] = [];
  let relaunched = 0;
  const shell: BackupShell = { chooseArchive: async () => (options.chosen === undefined ? summary.path : options.chosen), relaunch: () => void (relaunched += 1) };
  let token = 'expired';
  const actions = createBackupActions({
    api: {
      request: async (_method, path, body, callOptions) => {
        calls.push({ path, body, token: callOptions?.accessToken });
        if (callOptions?.accessToken === 'expired') return { status: 401, data: { code: 'token_not_valid', detail: 'expired' } };
        return options.answers?.[path] ?? { status: 500, data: undefined };
      },
    },
    accessToken: async () => token,
    refreshAccess: async () => {
      token = 'fresh';
      return { access: token };
    },
    currentUser: () => (options.user === undefined ? admin : options.user),
    isEmbedded: () => options.embedded ?? true,
    shell,
  });
  return { actions, calls, relaunches: () => relaunched };
}

const refusalOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof TransportFailure ? error.error : error));

describe('backup actions', () => {
  it('backs up now through the server, refreshing an expired token once', async () => {
    const written = { file_name: 'naric-backup-20260301-020000.tar.gz', path: summary.path, bytes: 1234, created_at: summary.created_at, counts };
    const { actions, calls } = setup({ answers: { '/backups/': { status: 201, data: written } } });
    expect(await actions.backUpNow()).toEqual(written);
    expect(calls.map((call) => call.token)).toEqual(['expired', 'fresh']);
  });

  it('chooses an archive, has the server check it, and answers what it would replace', async () => {
    const { actions, calls } = setup({ answers: { '/backups/inspect/': { status: 200, data: summary } } });
    expect(await actions.chooseRestore()).toEqual(summary);
    expect(calls.at(-1)).toMatchObject({ path: '/backups/inspect/', body: { path: summary.path } });
    expect(await setup({ chosen: null }).actions.chooseRestore()).toBeNull();
  });

  it('restarts only once the server parked the archive; a refusal restarts nothing', async () => {
    const parked = setup({ answers: { '/backups/restore/': { status: 200, data: { restart_required: true, summary } } } });
    expect(await parked.actions.restore(summary.path)).toBeNull();
    expect(parked.relaunches()).toBe(1);

    const damaged = setup({ answers: { '/backups/restore/': { status: 400, data: { code: 'backup_checksum_mismatch', detail: 'damaged', params: { file: 'tables/applicants.jsonl' } } } } });
    expect(await refusalOf(damaged.actions.restore(summary.path))).toMatchObject({ status: 400, body: { code: 'backup_checksum_mismatch' } });
    expect(damaged.relaunches()).toBe(0);
  });

  it('refuses with another server than the embedded one, and for anyone but an administrator', async () => {
    const remote = setup({ embedded: false });
    expect(await refusalOf(remote.actions.backUpNow())).toMatchObject({ body: { code: 'backup_embedded_only' } });
    expect(remote.calls).toEqual([]);
    const notAdmin = setup({ user: officer });
    expect(await refusalOf(notAdmin.actions.chooseRestore())).toMatchObject({ code: 'permission_denied' });
    expect(notAdmin.calls).toEqual([]);
  });
});
