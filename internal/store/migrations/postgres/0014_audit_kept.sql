-- The audit log keeps every entry (issue 22), so its pages must not scan
-- it: the newest first, overall or about one record, by (created_at, id) —
-- the order of the cursor — and an account's entries found by their actor
-- when the account is deleted. Independent of 0013.
DROP INDEX audit_log_created;
CREATE INDEX audit_log_created ON audit_log(created_at, id);
CREATE INDEX audit_log_data ON audit_log(data_affected, created_at, id);
CREATE INDEX audit_log_actor ON audit_log(admin_user_id);
