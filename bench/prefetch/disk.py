#!/usr/bin/env python3
"""Random 8 kB reads per second from FILE with O_DIRECT, at queue depths 1 to 64 (one thread per
outstanding read): the ceiling for any prefetching on this disk.  Prints a Markdown table.

usage: disk.py FILE [READS]
"""
import mmap
import os
import random
import sys
import threading
import time

BLOCK = 8192


def rate(fd, nblocks, depth, reads):
    """Reads per second with depth threads reading random blocks."""
    per_thread = reads // depth

    def work():
        buf = mmap.mmap(-1, BLOCK)  # page-aligned, as O_DIRECT needs
        rng = random.Random()
        for _ in range(per_thread):
            os.preadv(fd, [buf], rng.randrange(nblocks) * BLOCK)

    threads = [threading.Thread(target=work) for _ in range(depth)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return per_thread * depth / (time.monotonic() - start)


def main():
    path = sys.argv[1]
    reads = int(sys.argv[2]) if len(sys.argv) > 2 else 8000
    fd = os.open(path, os.O_RDONLY | os.O_DIRECT)
    nblocks = os.fstat(fd).st_size // BLOCK
    print("| depth | reads/s | vs depth 1 | µs per read |")
    print("|---:|---:|---:|---:|")
    base = None
    for depth in (1, 2, 4, 8, 16, 32, 64):
        r = rate(fd, nblocks, depth, reads)
        base = base or r
        print(f"| {depth} | {r:.0f} | {r / base:.2f} | {depth * 1e6 / r:.0f} |")


if __name__ == "__main__":
    main()
