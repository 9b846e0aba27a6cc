SELECT i, x FROM gate WHERE i % 100 = 0;
