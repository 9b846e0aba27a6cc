SELECT count(*) FROM narrow;
