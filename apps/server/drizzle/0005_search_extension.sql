-- Trigram matching for search (docs/engineering.md §7): ILIKE '%term%' served by GIN indexes on gin_trgm_ops.
-- PGlite loads the extension when the database is opened (db/client.ts); PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
