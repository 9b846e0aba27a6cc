#!/usr/bin/env bash
# A machine without meson is told so, with the command that installs it, before anything builds:
# scripts/prereqs.sh --check with a PATH holding every system program but meson.
# shellcheck source=setup.bash
. "$(dirname "$0")/setup.bash"

"$TOP/scripts/prereqs.sh" --check || fail "prerequisites are missing on this machine"

bin=$SCRATCH/bin
mkdir "$bin"
for dir in /bin /usr/bin; do
	for prog in "$dir"/*; do
		name=${prog##*/}
		[ "$name" != meson ] && [ ! -e "$bin/$name" ] && ln -s "$prog" "$bin/$name"
	done
done
out=$(expect_fail "meson (cmd:meson)" env PATH="$bin" "$TOP/scripts/prereqs.sh" --check)
grep -q "apt-get install -y --no-install-recommends meson$" <<<"$out" ||
	fail "the message does not end with the command that installs meson"
echo "a missing meson is named with the command to install it"
