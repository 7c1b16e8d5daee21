-- A cup tournament's bracket, as brackets-manager keeps it: one row per entity of the library (kind:
-- participant, stage, group, round, match, match_game), its fields in data (id included, so a filter on
-- any field is one containment test). Ids are the library's, counted per tournament and kind. The rows
-- are the only record of the bracket: who plays whom, the scores, penalties and winners.
CREATE TABLE competition_bracket (
  tournament_id uuid NOT NULL REFERENCES tournament (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('participant', 'stage', 'group', 'round', 'match', 'match_game')),
  id            integer NOT NULL CHECK (id >= 0),
  data          jsonb NOT NULL,
  PRIMARY KEY (tournament_id, kind, id)
);
