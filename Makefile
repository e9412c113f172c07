# The two set-up commands (README): `make certify` and `make test`. Both install the Debian
# packages that are missing, configure and build in build/, then do their job. Re-running is fast
# when nothing changed (no apt call when every package is present; incremental build).
BUILD    ?= build
JOBS     ?= $(shell nproc)
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PACKAGES := cmake make g++ git pkg-config libgmp-dev libmpfr-dev libmpfi-dev libflint-dev \
            libflint-arb-dev libboost-dev doctest-dev nlohmann-json3-dev libcli11-dev \
            libfmt-dev libtbb-dev libssl-dev help2man libonnx-dev libprotobuf-dev protobuf-compiler \
            pybind11-dev python3-dev python3-jsonschema python3-numpy python3-onnx python3-torch python3-mpmath libonnx-testdata \
            coq libcoq-interval libcoq-coquelicot libcoq-flocq \
            clang libfuzzer-14-dev python3-matplotlib libclang-rt-14-dev bash-completion clang-format

.PHONY: all deps build test format sanitize certify certify-large install fuzz soak mutation coq-all clean
PREFIX   ?= /usr/local
all: build

deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing missing packages:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# Extra configure arguments for a new build folder, e.g. CMAKE_ARGS=-DAPPROXCERT_WERROR=ON (.ci/run).
CMAKE_ARGS ?=
$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_ARGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The unit tests (the doctest binary, which also runs the command line through the sanitized
# binary) under AddressSanitizer and UndefinedBehaviorSanitizer, in their own build folder, in
# JOBS shards at once.
SANITIZE_BUILD ?= build-sanitize
sanitize: deps
	[ -f $(SANITIZE_BUILD)/CMakeCache.txt ] || cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=Release -DAPPROXCERT_SANITIZE=ON $(CMAKE_ARGS)
	cmake --build $(SANITIZE_BUILD) -j $(JOBS) --target approxcert approxcert_tests
	cd $(SANITIZE_BUILD) && $(CURDIR)/tests/sanitize/run_shards.sh ./tests/approxcert_tests $(JOBS) sanitize-logs

# Rewrites every C++ file as .clang-format says (clang-format 14; tests/format/check_format.py).
format: deps
	/usr/bin/python3 tests/format/check_format.py --source . --fix

# The main job: every theorem instance under checks/, certificates into docs/certificates/.
certify: build
	./$(BUILD)/approxcert check checks/ --out docs/certificates
	mkdir -p docs/plots
	./$(BUILD)/approxcert supnorm --net docs/examples/relu_2d.json --target "x0*x1" --domain "[0,1]^2" \
	    --rel-tol 1e-3 --cert docs/plots/relu_2d-xy.cert.json -q
	PYTHONPATH=$(BUILD)/python /usr/bin/python3 -m approxcert.plots --certificates docs/certificates \
	    --supnorm docs/plots/relu_2d-xy.cert.json --out docs/plots

# Instances too slow for `make certify` (checks-large/: Altabaa Instance B, m = 8000), on request.
certify-large: build
	./$(BUILD)/approxcert check checks-large/ --out docs/certificates-large

# The command, the library and headers, the CMake and pkg-config packages, man pages, bash
# completion, the Coq library and the Python package, under PREFIX (default /usr/local; docs/install.md).
# Builds only what it installs (the command, the library, man pages, the Python module and the
# compiled Coq library), not the test suite.
install: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target approxcert_installable
	cmake --install $(BUILD) --prefix $(PREFIX)

# Long fuzzing runs (docs/robustness.md): every reader's libFuzzer target for FUZZ_SECONDS each,
# in its own clang build directory; new corpus inputs stay in $(FUZZ_BUILD)/fuzz/corpus/.
FUZZ_BUILD   ?= build-fuzz
FUZZ_SECONDS ?= 600
fuzz: deps
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Release -DAPPROXCERT_FUZZ=ON -DCMAKE_C_COMPILER=clang \
	  -DCMAKE_CXX_COMPILER=clang++ -DAPPROXCERT_FUZZ_SECONDS=$(FUZZ_SECONDS)
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_all
	cd $(FUZZ_BUILD) && ctest -L fuzz --output-on-failure

# The full soundness soak: 10^4 random networks and sup-norm problems against the MPFR reference.
soak: build
	cmake --build $(BUILD) -j $(JOBS) --target soak
	./$(BUILD)/bench/soak 10000 1

# The mutation check (docs/robustness.md): every seeded bug of tests/mutation/mutants.json must be
# killed by the tests it names; it builds a copy of the sources in $(BUILD)-mutation.
mutation: build
	cd $(BUILD) && ctest -C mutation -L mutation --output-on-failure

# Coq coverage (docs/proofs.md): every certificate of docs/certificates exported and compiled.
coq-all: build
	cd $(BUILD) && ctest -C coq-all -L coq-all --output-on-failure

clean:
	rm -rf $(BUILD) $(FUZZ_BUILD) $(BUILD)-mutation
