# pgbatch harness: every target is a script under scripts/; see README.md.
#
#   make demo [QUICK=1]  build release, start a demo server, time queries with batching off and on,
#                        show the batched plans (QUICK=1: smaller data); make stop stops it
#   make check           build debug, run PostgreSQL's meson tests and the project's suites
#   make check SUITE=s   one suite: a meson suite (regress, isolation, ...) or test/<s>
#   make check-matrix    regress + isolation under each batching, JIT and io_method setting
#   make check-valgrind  the executor's regression tests and the batching tests under valgrind
#   make regress TESTS="t1 t2"   single regression tests against the debug build (README.md)
#   make coverage        which lines the series adds no test executes (gcov; SUITE="regress ...")
#   make tree            (re)create postgres/ from the tarball and patches/ (FORCE=1 to discard work)
#   make patches         export postgres/ upstream..HEAD into patches/
#   make debug | release | vanilla   build one flavour into build/<flavour>
#   make bench [SUITE=s] benchmark vanilla vs patched: every suite, or bench/<s> (bench/README.md)
#   make bench-instr     callgrind instructions per row: one query (QUERY=..., ROWS=..., REPEAT=...)
#                        or SUITE=s [ONLY=label]
#   make results-status  which results in bench/results/ measured the current patches/
#   make results-page    write bench/results/README.md, every suite's tables (make bench does too)
#   make results-restamp FROM=commit|dir   carry results over to a series that differs from the
#                        measured one only in tests (then results-page)
#   make fuzz [DURATION=s] [SEED=n]   differential test: batched vs row execution vs vanilla
#   make smith [SMITH_QUERIES=n|DURATION=s] [SEED=n]  sqlsmith's random SQL against the cassert build
#   make lint            shellcheck the harness
#   make lint-series     apply patches/ patch by patch and check each one's message, whitespace,
#                        files and pgindent (needs make debug's pg_bsd_indent)
#   make check-series    lint-series, then build and test each prefix of the series the way the
#                        commitfest CI does: warnings (gcc, clang), headers, docs, tests

SHELL := /bin/bash
SCRIPTS := $(wildcard scripts/*.sh bench/*.sh bench/*/*.sh test/*/*.sh) .ci/run

.PHONY: help demo stop check check-matrix check-valgrind regress coverage bench bench-instr results-status results-page results-restamp tree patches debug release vanilla fuzz smith lint lint-series check-series

help:
	@sed -n '3,27s/^# \{0,1\}//p' Makefile

demo:
	scripts/demo.sh start $(if $(QUICK),--quick)

stop:
	scripts/demo.sh stop

check:
	scripts/check.sh

check-matrix:
	scripts/check-matrix.sh

check-valgrind:
	scripts/check-valgrind.sh

regress:
	scripts/regress.sh $(TESTS)

coverage:
	scripts/coverage.sh

# All suites in dependency order (duckdb compares with micro's results), or SUITE="a b".
BENCH_SUITES := micro agg join explain tpch tpch-lookahead pgbench deform duckdb prefetch \
	prefetch-depth prefetch-worker prefetch-cached prefetch-cached-worker
bench:
	for s in $(or $(SUITE),$(BENCH_SUITES)); do SUITE=$$s bench/run.sh || exit 1; done
	$(MAKE) --no-print-directory results-page

bench-instr:
	bench/instr.sh
	$(MAKE) --no-print-directory results-page

results-status:
	scripts/results-status.sh

results-page:
	scripts/results-page.sh $(BENCH_SUITES)

results-restamp:
	scripts/results-restamp.sh
	$(MAKE) --no-print-directory results-page

tree:
	scripts/tree.sh

patches:
	scripts/export.sh

debug release vanilla:
	scripts/build.sh $@

fuzz:
	scripts/fuzz.sh

smith:
	scripts/smith.sh

lint:
	shellcheck -x $(SCRIPTS)

lint-series:
	scripts/lint-series.sh

check-series:
	scripts/check-series.sh
