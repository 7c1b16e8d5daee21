-- list_news reads, for each item of a page, the viewer's rating and the item's media: both from index
-- entries alone (index-only scans), the rating kept in its primary key's entries and the media's columns
-- in their index's, so a page reads no row of news_rating or news_media.
ALTER TABLE news_rating DROP CONSTRAINT news_rating_pkey, ADD CONSTRAINT news_rating_pkey PRIMARY KEY (news_id, user_id) INCLUDE (rating);
DROP INDEX news_media_news_idx;
CREATE INDEX news_media_news_idx ON news_media (news_id, position, create_time, id) INCLUDE (media_type, file_id);
