// A team player's roles by name, as the roster, the locker room and a player's page show them.

/** field_role: the player's position on the pitch. */
export const FIELD_ROLES: Record<number, string> = {
  0: 'Не выбрано',
  1: 'Вратарь',
  2: 'Защитник',
  3: 'Полузащитник',
  4: 'Нападающий',
  5: 'Универсальный/заменяющий',
};

/** team_role: 0 a player, 1 an admin of the team. */
export const TEAM_ROLES: Record<number, string> = {
  0: 'Игрок',
  1: 'Администратор',
};
