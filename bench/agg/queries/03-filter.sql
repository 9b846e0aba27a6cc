SELECT f, count(*) FILTER (WHERE d > 0.05), sum(p) FILTER (WHERE s = 'O'), avg(q) FILTER (WHERE q > 25), count(*) FROM grp GROUP BY f;
