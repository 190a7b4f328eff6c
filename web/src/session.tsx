import { createContext, useContext } from 'react';
import type { Role, Session } from './api/types.js';

export interface SessionContextValue {
  session: Session;
  /** Replaces the session (after switching team). */
  setSession: (session: Session) => void;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside a signed-in page');
  return value;
}

/**
 * What the signed-in role may do. The server decides; this only hides what would be refused:
 * `canWrite` (Members and up) changes monitors, incidents, maintenance and checks; a Viewer only reads.
 */
export function usePermissions(): { role: Role; canWrite: boolean; canAdmin: boolean; isOwner: boolean } {
  const role = useSession().session.team.role;
  return { role, canWrite: role !== 'Viewer', canAdmin: role === 'Admin' || role === 'Owner', isOwner: role === 'Owner' };
}
