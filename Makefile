# The judge binaries; each has its samples in samples/<binary>/.
JUDGES := uva220 jutge_p18992 b4254 dumbothello
CARGO  ?= cargo

.PHONY: all build run test bench ffo bundle weights clean

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

# The pattern evaluation's weights, made again from nothing: 16 x 500 self-played games,
# seeded, with exact scores from 18 empty squares (WORK holds the positions), then
# the fit, which prints its error per phase on 60 games it did not train on.
WORK ?= target/weights
SEEDS := $(shell seq 1 16)
weights:
	$(CARGO) build --release --example train_eval
	mkdir -p $(WORK)
	$(MAKE) -j2 $(foreach s,$(SEEDS),$(WORK)/part-$(s).txt) $(WORK)/holdout.txt
	./target/release/examples/train_eval fit data/pattern-prior.bin $(WORK)/holdout.txt $(foreach s,$(SEEDS),$(WORK)/part-$(s).txt) > data/pattern-weights.bin
$(WORK)/part-%.txt:
	./target/release/examples/train_eval gen $* 500 > $@.tmp && mv $@.tmp $@
$(WORK)/holdout.txt:
	./target/release/examples/train_eval gen 1000 60 > $@.tmp && mv $@.tmp $@

# Single-file submissions: submit/<binary>.rs for every judge binary.
bundle:
	$(CARGO) run --release --quiet --bin bundle -- $(JUDGES)

clean:
	$(CARGO) clean
