-- Bids on one auction decided in one pass (written in the next commit).
SELECT 1;
