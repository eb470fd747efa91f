"""The long fuzzers: python fuzz/fuzz_core.py and python fuzz/fuzz_cli.py (--seconds S);
the test suite runs each for a few seconds (tests/play/test_core.py, tests/cli/test_errors.py)."""
