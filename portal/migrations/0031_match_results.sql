-- Competitions on matches: results with their confirmation, the tournament and round a fixture belongs
-- to, the bracket slot of a cup match, the live feed's events, players' career totals and the match a
-- broadcast shows.
--
-- result_state: 'none' (no result), 'reported' (by a manager of result_reported_team, waiting for the
-- other side or the tournament's creator), 'confirmed' (counted by tables, brackets and players'
-- numbers) or 'disputed' (result_comment says why). Scores are both set or both empty; penalties only
-- beside a score.
ALTER TABLE match
  ADD COLUMN home_score           smallint CHECK (home_score BETWEEN 0 AND 99),
  ADD COLUMN guest_score          smallint CHECK (guest_score BETWEEN 0 AND 99),
  ADD COLUMN home_penalties       smallint CHECK (home_penalties BETWEEN 0 AND 99),
  ADD COLUMN guest_penalties      smallint CHECK (guest_penalties BETWEEN 0 AND 99),
  ADD COLUMN result_state         text NOT NULL DEFAULT 'none' CHECK (result_state IN ('none', 'reported', 'confirmed', 'disputed')),
  ADD COLUMN result_reported_by   uuid,
  ADD COLUMN result_reported_team uuid,
  ADD COLUMN result_comment       text CHECK (length(result_comment) BETWEEN 1 AND 500),
  ADD COLUMN result_time          timestamptz(3),
  ADD COLUMN tournament_id        uuid REFERENCES tournament (id) ON DELETE SET NULL,
  ADD COLUMN round                smallint CHECK (round >= 1),
  ADD COLUMN bracket_slot         integer CHECK (bracket_slot >= 0),
  ADD CONSTRAINT match_score_pair CHECK ((home_score IS NULL) = (guest_score IS NULL)),
  ADD CONSTRAINT match_penalties_pair CHECK ((home_penalties IS NULL) = (guest_penalties IS NULL) AND (home_penalties IS NULL OR home_score IS NOT NULL)),
  ADD CONSTRAINT match_result_scored CHECK ((result_state = 'none') = (home_score IS NULL)),
  ADD CONSTRAINT match_round_of_tournament CHECK (round IS NULL OR tournament_id IS NOT NULL),
  ADD CONSTRAINT match_slot_of_tournament CHECK (bracket_slot IS NULL OR tournament_id IS NOT NULL);
-- A tournament's matches, by round and time: fixtures, tables, brackets and scorers read them.
CREATE INDEX match_tournament_round_idx ON match (tournament_id, round, match_time, id) WHERE tournament_id IS NOT NULL;
-- A cup slot has one match.
CREATE UNIQUE INDEX match_tournament_slot_key ON match (tournament_id, bracket_slot) WHERE bracket_slot IS NOT NULL;

-- What happened in a match, minute by minute: goals (own goals count for the other team), cards,
-- substitutions (player_id comes on, player_out_id goes off) and the periods. team_id is the team the
-- event is of (an own goal's: the scorer's team); the players named were on it when it was posted.
CREATE TABLE match_event (
  id               uuid PRIMARY KEY,
  match_id         uuid NOT NULL REFERENCES match (id) ON DELETE CASCADE,
  minute           smallint NOT NULL CHECK (minute BETWEEN 0 AND 130),
  type             text NOT NULL CHECK (type IN ('goal', 'own_goal', 'penalty_goal', 'yellow', 'red', 'sub', 'period_start', 'period_end')),
  team_id          uuid NOT NULL,
  player_id        uuid REFERENCES player (id) ON DELETE SET NULL,
  assist_player_id uuid REFERENCES player (id) ON DELETE SET NULL,
  player_out_id    uuid REFERENCES player (id) ON DELETE SET NULL,
  creator_id       uuid NOT NULL,
  create_time      timestamptz(3) NOT NULL DEFAULT now()
);
-- A match's feed in minute order; a tournament's events through its matches.
CREATE INDEX match_event_match_minute_idx ON match_event (match_id, minute, create_time, id);
-- A player's events in each role: their career totals are recounted from these.
CREATE INDEX match_event_player_idx ON match_event (player_id) WHERE player_id IS NOT NULL;
CREATE INDEX match_event_assist_idx ON match_event (assist_player_id) WHERE assist_player_id IS NOT NULL;
CREATE INDEX match_event_player_out_idx ON match_event (player_out_id) WHERE player_out_id IS NOT NULL;

-- Career totals, recounted from the events of confirmed matches whenever those change (goals and matches
-- were kept here before, always 0): list_players filters by them through their indexes.
ALTER TABLE player
  ADD COLUMN assists integer NOT NULL DEFAULT 0 CHECK (assists >= 0),
  ADD COLUMN yellow  integer NOT NULL DEFAULT 0 CHECK (yellow >= 0),
  ADD COLUMN red     integer NOT NULL DEFAULT 0 CHECK (red >= 0);

-- The match a broadcast shows: its page then carries the match's live feed.
ALTER TABLE stream ADD COLUMN match_id uuid REFERENCES match (id) ON DELETE SET NULL;
CREATE INDEX stream_match_idx ON stream (match_id) WHERE match_id IS NOT NULL;
