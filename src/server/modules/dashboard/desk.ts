import type { User } from '../../../shared/api/auth';
import { DESK_TILE_NAMES, DESK_TILES, type DeskAnswer } from '../../../shared/api/dashboard';
import { hasPermission } from '../../../shared/auth/permissions';
import type { AppDatabase } from '../../db/database';
import type { DeskCounters } from '../../desk-counts';

/** The tiles `user` holds a permission of, each counted by its list's own module. */
export async function loadDesk(db: AppDatabase, user: User, counters: DeskCounters): Promise<DeskAnswer> {
  const mine = DESK_TILE_NAMES.filter((tile) => DESK_TILES[tile].permissions.some((permission) => hasPermission(user, permission)));
  const counts = await Promise.all(mine.map((tile) => counters[DESK_TILES[tile].list](db, user, DESK_TILES[tile].query)));
  return { tiles: mine.map((tile, index) => ({ tile, count: counts[index]! })) };
}
