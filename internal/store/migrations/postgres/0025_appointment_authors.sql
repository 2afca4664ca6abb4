-- Who booked and who last changed an appointment (issue 26): the name of
-- the team member who acted, as it was then ('' for the customer on the
-- store page, and for what was written before teams).
ALTER TABLE appointments ADD COLUMN created_by TEXT NOT NULL DEFAULT '';
ALTER TABLE appointments ADD COLUMN updated_by TEXT NOT NULL DEFAULT '';
