-- Rate limits every instance sees and a restart keeps (issue 22): one row
-- per limit and key (a keyed hash of an address, an account, a store), a
-- token bucket written as its "theoretical arrival time" (the generic cell
-- rate algorithm): the instant, in microseconds since 1970, at which the
-- bucket is full again. A row whose tat has passed is the same as no row,
-- and the hourly purge deletes it. No index on tat: the purge scans a table
-- that holds only the last hour's callers, and every taken token would pay
-- for the index (without it, updates stay heap-only).
CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    tat BIGINT NOT NULL
) WITH (fillfactor = 70);
