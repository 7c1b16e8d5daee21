// The news the bench lists (plans.ts, news-list.ts), made by SQL in the database: `rows` news items of
// `users` users, a quarter of them of the first NEWS_TEAMS teams (team ids md5Id("'t' || i"), which must
// exist), with i % 21 likes and as many ratings on item i (10 on average: rows * 10 of each), and ten media
// on each of rows / 10 items. Deterministic ids: md5 of a label, shaped as a uuid.

export const md5Id = (label: string) => `md5(${label})::uuid`;
const id = md5Id;
/** A hundred teams have news, each rows / 400 of them. */
export const NEWS_TEAMS = 100;
const REACTIONS_CYCLE = 21;

export function newsSeedSql(rows: number, users: number): string[] {
  return [
    // News: 4 in 5 public, 1 in 50 deleted, 1 in 4 of a team; counters as the like and rating rows below make them.
    `INSERT INTO news (id, name, description, creator_id, team_id, is_public, like_count, rating_count, rating_sum, rating_tenths, create_time, delete_time)
     SELECT ${id("'n' || i")}, 'Новость ' || i, '<p>Текст</p>', ${id("'u' || (i % " + users + ')')},
            CASE WHEN i % 4 = 0 THEN ${id("'t' || (i / 4 % " + NEWS_TEAMS + ')')} END, i % 5 <> 0, c, c, s,
            CASE WHEN c = 0 THEN 0 ELSE round(s * 10.0 / c) END, now() - i * interval '1 second', CASE WHEN i % 50 = 0 THEN now() END
     FROM generate_series(0, ${rows - 1}) i,
          LATERAL (SELECT i % ${REACTIONS_CYCLE} AS c, (SELECT COALESCE(sum(1 + (i + k) % 5), 0) FROM generate_series(0, i % ${REACTIONS_CYCLE} - 1) k)::int AS s) r`,
    // Likes and ratings in key order, so their primary keys are filled from one end: much faster at this size.
    `INSERT INTO news_like (news_id, user_id)
     SELECT ${id("'n' || i")}, ${id("'u' || ((i + k) % " + users + ')')}
     FROM generate_series(0, ${rows - 1}) i, generate_series(0, ${REACTIONS_CYCLE - 2}) k WHERE k < i % ${REACTIONS_CYCLE} ORDER BY 1, 2`,
    `INSERT INTO news_rating (news_id, user_id, rating)
     SELECT ${id("'n' || i")}, ${id("'u' || ((i + k) % " + users + ')')}, 1 + (i + k) % 5
     FROM generate_series(0, ${rows - 1}) i, generate_series(0, ${REACTIONS_CYCLE - 2}) k WHERE k < i % ${REACTIONS_CYCLE} ORDER BY 1, 2`,
    // Ten media on each of ROWS / 10 news items.
    `INSERT INTO news_media (id, news_id, media_type, file_id, position)
     SELECT ${id("'nm' || i")}, ${id("'n' || (i % " + rows / 10 + ')')}, 'image', ${id("'f' || i")}, i / ${rows / 10}
     FROM generate_series(0, ${rows - 1}) i`,
  ];
}
