# The judge binaries; each has its samples in samples/<binary>/.
JUDGES := uva220 jutge_p18992 b4254 dumbothello
CARGO  ?= cargo

.PHONY: all build run test bench bundle clean

all: build

build:
	$(CARGO) build --release

# Run every judge binary on each of its samples, show the output and diff it.
run: build
	@for b in $(JUDGES); do \
	  for f in samples/$$b/*.in; do \
	    echo "== $$b < $$f"; \
	    ./target/release/$$b < $$f | tee /tmp/othello-run.$$$$ ; \
	    if cmp -s /tmp/othello-run.$$$$ $${f%.in}.out; then echo "-- matches $${f%.in}.out"; \
	    else echo "-- DIFFERS from $${f%.in}.out"; rm -f /tmp/othello-run.$$$$; exit 1; fi; \
	  done; \
	done; rm -f /tmp/othello-run.$$$$

# All tests: unit, golden and integration tests in optimised code (the heavy ones need
# it; the training example is built too, so that it keeps compiling), then the library's
# and the counter's tests again without the cargo features (the portable code the judge
# bundles run, which replaces the AVX-512 lanes elsewhere; with the counts by levels,
# whose portable last level is three cells, as the bundles' counts below 12 empty cells
# and those the tests ask depth first are the same without them), the lanes' tests with AVX-512
# but without `pext` (the lanes' portable bit spreading), then the doc examples in a
# debug build (each one links on its own; LTO would make that slow, and they are light).
# The build without the features leaves its binaries in target/release/, so the last
# line puts the default ones back (already built by the first line: it only copies them;
# without it, `./target/release/b4254` after `make test` was the portable one, 4.5 times
# slower on a 10x10 board).
test:
	$(CARGO) test --release --lib --bins --tests --examples
	$(CARGO) test --release --no-default-features --features levels --lib --test count
	$(CARGO) test --release --no-default-features --features avx512,wide --lib -- lanes last_cells
	$(CARGO) test --doc
	$(CARGO) build --release

# `make bench` runs every case; `make bench ARGS=b4254` only those whose name has b4254.
bench:
	$(CARGO) bench --bench suite -- "$(ARGS)"

# Single-file submissions: submit/<binary>.rs for every judge binary.
bundle:
	$(CARGO) run --release --quiet --bin bundle -- $(JUDGES)

clean:
	$(CARGO) clean
