-- Whether any news item still shows an uploaded video, asked when one of its media is removed.
CREATE INDEX news_media_file_idx ON news_media (file_id);
