#!/usr/bin/env bash
# bench/prefetch/disk.sh FILE [SECONDS]: random 8 kB reads per second from FILE with direct I/O
# through io_uring, at queue depths 1 to 128 (fio, SECONDS per depth, 8 by default): the ceiling
# for any prefetching on this disk.  Prints a Markdown table.  Give it a table's file, or a file
# of that size on the same disk: a virtual disk may cache what it served recently.
# shellcheck source=../../scripts/lib.sh
. "$(dirname "$0")/../../scripts/lib.sh"

file=${1:?usage: disk.sh FILE [SECONDS]}
seconds=${2:-8}
[ -r "$file" ] || die "cannot read $file"
command -v fio >/dev/null || die "fio is missing (scripts/prereqs.sh installs it)"

echo "| depth | reads/s | vs depth 1 | µs per read |"
echo "|---:|---:|---:|---:|"
base=
for depth in 1 2 4 8 16 32 64 128; do
	# terse output, version 3: field 8 is the read IOPS, field 40 the mean total latency in µs
	read -r iops lat < <(fio --name=disk --filename="$file" --readonly --rw=randread --bs=8k \
		--direct=1 --ioengine=io_uring --iodepth="$depth" --runtime="$seconds" --time_based \
		--output-format=terse --terse-version=3 | awk -F';' '{ print $8, $40 }')
	[ -n "$iops" ] || die "fio failed at depth $depth"
	base=${base:-$iops}
	awk -v d="$depth" -v r="$iops" -v b="$base" -v l="$lat" \
		'BEGIN { printf "| %d | %d | %.2f | %.0f |\n", d, r, r / b, l }'
done
