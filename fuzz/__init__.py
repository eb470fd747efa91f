"""The long fuzzers: python fuzz/fuzz_core.py and python fuzz/fuzz_cli.py (--seconds S);
the test suite runs each for a few seconds (tests/test_core.py, tests/test_errors.py)."""
