-- A user's chat list also reads the named chats they created: one whose group is gone is found and forgotten.
CREATE INDEX chat_group_creator_id_idx ON chat_group (creator_id);
