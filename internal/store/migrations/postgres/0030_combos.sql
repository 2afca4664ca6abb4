-- Combos (issue 27): a service sold as a package ('Dia da noiva') lists
-- the services it includes, in order (a JSON array of ids, as
-- professional_ids); its price and duration are its own. '[]': a plain
-- service.
ALTER TABLE services ADD COLUMN includes TEXT NOT NULL DEFAULT '[]';
