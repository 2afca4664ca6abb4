-- A client's completion rate counts only what has been decided (completed,
-- cancelled or no-show): an appointment still to come has been neither kept
-- nor missed (issue 23). The summary keeps that count beside the others.
ALTER TABLE client_summaries ADD COLUMN decided INTEGER NOT NULL DEFAULT 0;

UPDATE client_summaries SET decided = (
    SELECT COUNT(*) FROM appointments a
    WHERE a.user_id = client_summaries.user_id AND a.client_phone = client_summaries.phone
        AND a.status IN ('completed', 'cancelled', 'no_show')
);
