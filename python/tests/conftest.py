"""Backends the tests run on: XEHE_TEST_BACKENDS (comma-separated, default "host,cpu-sim");
CI adds "opencl" (PoCL). A backend named there that cannot open is an error, not a skip."""

import os

import pytest

BACKENDS = [b for b in os.environ.get("XEHE_TEST_BACKENDS", "host,cpu-sim").split(",") if b]


def pytest_generate_tests(metafunc):
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", BACKENDS)
