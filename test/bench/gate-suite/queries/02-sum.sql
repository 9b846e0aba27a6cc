SELECT sum(x) FROM gate;
