-- Chats are channels of the game server (messages live in its `message` table); the portal keeps which
-- group is a team's chat, the named chats, the direct chats a user has opened and each user's read markers.

-- The team's chat: a closed core group holding the owner and the confirmed roster (null until made).
ALTER TABLE team ADD COLUMN chat_group_id uuid;
CREATE UNIQUE INDEX team_chat_group_id_key ON team (chat_group_id);

-- A named chat with chosen participants: a closed core group (its members are the participants).
CREATE TABLE chat_group (
  group_id    uuid PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  creator_id  uuid NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);

-- A direct chat between two users, the smaller id first (its channel is the same for both).
CREATE TABLE chat_direct (
  user_one    uuid NOT NULL,
  user_two    uuid NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_one, user_two),
  CHECK (user_one < user_two)
);
CREATE INDEX chat_direct_user_two_idx ON chat_direct (user_two);

-- How far a user has read a chat: the newest create_time among the messages they marked read.
CREATE TABLE chat_read (
  user_id    uuid NOT NULL,
  channel_id text NOT NULL,
  read_time  timestamptz NOT NULL,
  PRIMARY KEY (user_id, channel_id)
);
CREATE INDEX chat_read_channel_id_idx ON chat_read (channel_id);
