CREATE TABLE "auction_title_later_words" (
	"auction_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"suffix" text NOT NULL,
	CONSTRAINT "auction_title_later_words_auction_id_position_pk" PRIMARY KEY("auction_id","position")
);
--> statement-breakpoint
CREATE TABLE "user_name_later_words" (
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"suffix" text NOT NULL,
	CONSTRAINT "user_name_later_words_user_id_position_pk" PRIMARY KEY("user_id","position")
);
--> statement-breakpoint
ALTER TABLE "auction_title_later_words" ADD CONSTRAINT "auction_title_later_words_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_name_later_words" ADD CONSTRAINT "user_name_later_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_title_later_words_suffix_idx" ON "auction_title_later_words" USING btree ("suffix" text_pattern_ops,"auction_id");--> statement-breakpoint
CREATE INDEX "user_name_later_words_suffix_idx" ON "user_name_later_words" USING btree ("suffix" text_pattern_ops,"user_id");--> statement-breakpoint
-- Search's "a later word starts with the term" pool (docs/performance.md, item 22): for each space
-- in a text, the rest of the lowered text after it, so `text ILIKE '% term%'` holds exactly when
-- some suffix `LIKE lower('term%')` (ILIKE compares lowered text; a space is a space lowered or
-- not), and the suffix btree walks those rows in order and stops at the pool's size. The trigram
-- index could only read every text holding the term (20,000 for "kayak" at a million titles).
-- A suffix after EVERY space, consecutive ones too ('a  b' gives ' b' and 'b'), or the
-- equivalence would not be exact; an empty one (a text ending in a space) is left out, since no
-- search term is empty. `at` is where the suffix starts in the lowered text (1-based), the
-- position column of the key. Split on the space with string_to_array rather than one row per
-- character: a million titles' suffixes are computed in about five seconds.
CREATE FUNCTION later_word_suffixes(p_text text) RETURNS TABLE (at integer, suffix text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT s.at, s.suffix
  FROM (
    SELECT (length(array_to_string(w.words[1:n], ' ')) + 2)::integer AS at,
           array_to_string(w.words[n + 1:], ' ') AS suffix
    FROM (SELECT string_to_array(lower(p_text), ' ') AS words) AS w,
         generate_series(1, cardinality(w.words) - 1) AS n
  ) AS s
  WHERE s.suffix <> ''
$$;
--> statement-breakpoint
-- New users' and auctions' suffixes, once per statement from its inserted rows, so a bulk INSERT
-- fills the table in one set-based statement instead of a call per row. The name expression is
-- USER_FULL_NAME_SQL (db/schema/users.ts), which the search repository matches against.
CREATE FUNCTION user_name_later_words_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_name_later_words (user_id, position, suffix)
  SELECT u.id, s.at, s.suffix
  FROM new_users u, later_word_suffixes(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) s;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_name_later_words_insert
AFTER INSERT ON users
REFERENCING NEW TABLE AS new_users
FOR EACH STATEMENT EXECUTE FUNCTION user_name_later_words_insert();
--> statement-breakpoint
CREATE FUNCTION auction_title_later_words_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO auction_title_later_words (auction_id, position, suffix)
  SELECT a.id, s.at, s.suffix
  FROM new_auctions a, later_word_suffixes(a.title) s;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auction_title_later_words_insert
AFTER INSERT ON auctions
REFERENCING NEW TABLE AS new_auctions
FOR EACH STATEMENT EXECUTE FUNCTION auction_title_later_words_insert();
--> statement-breakpoint
-- A changed name or title replaces its suffixes. Row triggers: PostgreSQL refuses transition
-- tables on a trigger limited to columns, and the column list is the point: only an UPDATE that
-- names the text's columns fires, so the UPDATE of every bid (current_bid, bid_count, end_time,
-- ...) never reaches these functions, and the WHEN skips an edit that leaves the text as it was.
CREATE FUNCTION user_name_later_words_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_name_later_words WHERE user_id = NEW.id;
  INSERT INTO user_name_later_words (user_id, position, suffix)
  SELECT NEW.id, s.at, s.suffix
  FROM later_word_suffixes(coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, '')) s;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_name_later_words_update
AFTER UPDATE OF first_name, last_name ON users
FOR EACH ROW
WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
EXECUTE FUNCTION user_name_later_words_update();
--> statement-breakpoint
CREATE FUNCTION auction_title_later_words_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM auction_title_later_words WHERE auction_id = NEW.id;
  INSERT INTO auction_title_later_words (auction_id, position, suffix)
  SELECT NEW.id, s.at, s.suffix FROM later_word_suffixes(NEW.title) s;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auction_title_later_words_update
AFTER UPDATE OF title ON auctions
FOR EACH ROW
WHEN (OLD.title IS DISTINCT FROM NEW.title)
EXECUTE FUNCTION auction_title_later_words_update();
--> statement-breakpoint
-- The rows that exist already (deletes follow by the foreign keys' ON DELETE CASCADE).
INSERT INTO user_name_later_words (user_id, position, suffix)
SELECT u.id, s.at, s.suffix
FROM users u, later_word_suffixes(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) s;
--> statement-breakpoint
INSERT INTO auction_title_later_words (auction_id, position, suffix)
SELECT a.id, s.at, s.suffix FROM auctions a, later_word_suffixes(a.title) s;
