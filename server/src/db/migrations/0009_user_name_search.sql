-- Finding people (the portal's friend search): a word of the display name, or of the username, that
-- starts with what was typed, case ignored. The 'simple' configuration lower-cases words and neither
-- stems nor drops any, in every database locale alike. Named accounts only: guests have no display name.
CREATE INDEX users_name_search_idx ON users
  USING gin (to_tsvector('simple', display_name || ' ' || username))
  WHERE display_name IS NOT NULL;
