-- News: items written by registered users, public or private to their creator, optionally of a team;
-- their likes, ratings and media. Deletion is soft (delete_time set); a deleted item is gone for everyone.
-- Times keep milliseconds only, so a list cursor (a JavaScript date) names a row exactly, and a new item's
-- update_time equals its create_time.
-- Counters live on the row and change in the transaction that adds or removes a like or rating row,
-- under the news row's lock (every writer of news_like and news_rating takes it first), so they stay exact.
-- rating_tenths is the average rating in tenths (round(rating_sum / rating_count, 1) * 10; 0 with none):
-- the key the "rating" order reads.
CREATE TABLE news (
  id            uuid PRIMARY KEY,
  name          text NOT NULL CHECK (char_length(name) BETWEEN 5 AND 120),
  description   text NOT NULL DEFAULT '',
  creator_id    uuid NOT NULL,
  -- A deleted team's news stay, no longer a team's.
  team_id       uuid REFERENCES team (id) ON DELETE SET NULL,
  is_public     boolean NOT NULL DEFAULT true,
  like_count    integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
  rating_count  integer NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
  rating_sum    integer NOT NULL DEFAULT 0 CHECK (rating_sum BETWEEN rating_count AND 5 * rating_count),
  rating_tenths integer NOT NULL DEFAULT 0 CHECK (rating_tenths BETWEEN 0 AND 50),
  create_time   timestamptz(3) NOT NULL DEFAULT now(),
  update_time   timestamptz(3) NOT NULL DEFAULT now(),
  delete_time   timestamptz
);
-- One index per order (newest and oldest read the same one both ways) for each listing: everyone's
-- public news, a team's public news, and one creator's news, public and private.
CREATE INDEX news_public_create_idx ON news (create_time, id) WHERE is_public AND delete_time IS NULL;
CREATE INDEX news_public_likes_idx ON news (like_count, id) WHERE is_public AND delete_time IS NULL;
CREATE INDEX news_public_rating_idx ON news (rating_tenths, id) WHERE is_public AND delete_time IS NULL;
CREATE INDEX news_team_create_idx ON news (team_id, create_time, id) WHERE team_id IS NOT NULL AND is_public AND delete_time IS NULL;
CREATE INDEX news_team_likes_idx ON news (team_id, like_count, id) WHERE team_id IS NOT NULL AND is_public AND delete_time IS NULL;
CREATE INDEX news_team_rating_idx ON news (team_id, rating_tenths, id) WHERE team_id IS NOT NULL AND is_public AND delete_time IS NULL;
CREATE INDEX news_creator_create_idx ON news (creator_id, create_time, id) WHERE delete_time IS NULL;
CREATE INDEX news_creator_likes_idx ON news (creator_id, like_count, id) WHERE delete_time IS NULL;
CREATE INDEX news_creator_rating_idx ON news (creator_id, rating_tenths, id) WHERE delete_time IS NULL;

-- One like per user and news item.
CREATE TABLE news_like (
  news_id     uuid NOT NULL REFERENCES news (id) ON DELETE CASCADE,
  user_id     uuid NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (news_id, user_id)
);

-- One rating (1 to 5) per user and news item; a new one replaces it.
CREATE TABLE news_rating (
  news_id     uuid NOT NULL REFERENCES news (id) ON DELETE CASCADE,
  user_id     uuid NOT NULL,
  rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (news_id, user_id)
);

-- Images and videos of a news item: uploaded files, shown by position, then by when they were added.
CREATE TABLE news_media (
  id          uuid PRIMARY KEY,
  news_id     uuid NOT NULL REFERENCES news (id) ON DELETE CASCADE,
  media_type  text NOT NULL CHECK (media_type IN ('image', 'video')),
  file_id     uuid NOT NULL,
  position    integer NOT NULL DEFAULT 0,
  create_time timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX news_media_news_idx ON news_media (news_id, position, create_time, id);
