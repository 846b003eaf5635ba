# Where the material kept outside the repository lies (sourced by scripts/conformance/run.sh and,
# for `make fuzz`, scripts/fuzz/run.sh --with-conformance): the project's machines and CI keep it
# beside the clone. Either variable set in the environment wins.
CONFORMANCE_DIR=${CONFORMANCE_DIR:-../shared/conformance}
SEEDS_DIR=${SEEDS_DIR:-../shared/seeds}
