# The judge binaries; each has its samples in samples/<binary>/.
JUDGES := uva220 jutge_p18992 b4254 dumbothello
CARGO  ?= cargo

.PHONY: all build run test bench ffo bundle clean

all: build

build:
	$(CARGO) build --release

# Every judge binary on each of its samples: the output, and whether it matches.
run: build
	@for b in $(JUDGES); do \
	  for f in samples/$$b/*.in; do \
	    echo "== $$b < $$f"; \
	    ./target/release/$$b < $$f > target/run.out; cat target/run.out; \
	    if cmp -s target/run.out $${f%.in}.out; then echo "-- matches $${f%.in}.out"; \
	    else echo "-- DIFFERS from $${f%.in}.out"; exit 1; fi; \
	  done; \
	done

# Everything: formatting, lints, and every test (unit, doc, samples, judge cases, the
# bundles under the judges' compilers) in one optimised build ([profile.test]).
test:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) test

# `make bench` runs every case; `make bench ARGS=b4254` only those whose name has b4254.
bench:
	$(CARGO) bench --bench suite -- "$(ARGS)"

# FFO #40-#59 solved exactly and checked, a row per position (score, move, seconds,
# nodes, nodes/s, principal variation); `make ffo THREADS=2` on two threads.
THREADS ?= 1
ffo: build
	./target/release/otello solve --threads $(THREADS) --ffo data/ffo40-59.txt

# Single-file submissions: submit/<binary>.rs for every judge binary.
bundle:
	$(CARGO) run --release --quiet --bin bundle -- $(JUDGES)

clean:
	$(CARGO) clean
