"""scripts/flaky.py: which tests failed in which runs, read from their JUnit reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.flaky import Run, failures, report

JUNIT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" tests="3">
<testcase classname="e2e.test_online" name="test_a"/>
<testcase classname="e2e.test_online" name="test_b"><failure message="x">boom</failure></testcase>
<testcase classname="tests.ui.test_pages" name="test_c"><error message="y">set-up</error></testcase>
</testsuite></testsuites>"""


def test_a_report_gives_its_count_and_the_failed_and_erred_tests(tmp_path: Path) -> None:
    (tmp_path / "junit.xml").write_text(JUNIT, encoding="utf-8")
    assert failures(tmp_path / "junit.xml") == (
        3,
        ["e2e.test_online::test_b", "tests.ui.test_pages::test_c"],
    )
    assert failures(tmp_path / "missing.xml") == (0, [])


def test_the_table_lists_each_test_that_failed_once_with_its_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = [Run(1, 60, 1, ["t::a", "t::b"]), Run(2, 90, 0), Run(3, 120, 1, ["t::a"])]
    assert report(runs, tmp_path) == 1
    said = capsys.readouterr().out
    assert "3 runs, median 1.5 min" in said
    assert "2/3  t::a  (run-1, run-3)" in said
    assert "1/3  t::b  (run-1)" in said
    assert report([Run(1, 60, 0)], tmp_path) == 0
    assert "no test failed" in capsys.readouterr().out
