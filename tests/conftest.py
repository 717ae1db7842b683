import sys
from pathlib import Path

# Tests import the scenario harness (tests/scenario.py) and the package from the checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import os  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

import pytest  # noqa: E402

TESTS = Path(__file__).resolve().parent
KNOWN_SKIPS = TESTS / "known_skips.txt"
# With this set (CI does), a skip not listed in known_skips.txt fails the run: an extra that installs
# but fails to import turns its tests into skips, which would otherwise leave the run green.
STRICT_SKIPS = "NYCRULES_STRICT_SKIPS"
# The seed of the suite's random exploration (hypothesis); fixed, so that a run repeats the last one.
EXPLORE_SEED = "NYCRULES_EXPLORE_SEED"


def exploration_seed() -> int:
    """The seed random exploration tests use: NYCRULES_EXPLORE_SEED, or a fixed one."""
    value = os.environ.get(EXPLORE_SEED, "")
    return int(value) if value.isdigit() else 20261127


def pytest_configure(config):
    """The suite's own cache folder (the ruleset cache), never the user's ~/.cache: set before
    any test module is imported, as some load the ruleset at import."""
    config._nycrules_cache = tempfile.mkdtemp(prefix="nycrules-test-cache-")
    os.environ["XDG_CACHE_HOME"] = config._nycrules_cache


def pytest_unconfigure(config):
    folder = getattr(config, "_nycrules_cache", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_report_header(config):
    return f"random exploration seed: {exploration_seed()} (set {EXPLORE_SEED} to explore others)"


def _known_skips() -> list[str]:
    """The test ids (or their starts) that may be skipped, one a line, comments after #."""
    lines = (line.split("#", 1)[0].strip() for line in KNOWN_SKIPS.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def _unknown_skips(config) -> list[str]:
    """The skipped tests known_skips.txt does not name (none unless NYCRULES_STRICT_SKIPS=1)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if os.environ.get(STRICT_SKIPS) != "1" or reporter is None:
        return []
    known = _known_skips()
    skipped = [report.nodeid for report in reporter.stats.get("skipped", [])]
    return [nodeid for nodeid in skipped if not any(nodeid.startswith(k) for k in known)]


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    if _unknown_skips(session.config) and session.exitstatus == 0:
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    unknown = _unknown_skips(config)
    if unknown:
        terminalreporter.write_line(f"{len(unknown)} tests skipped that tests/known_skips.txt does not name "
                                    f"(an extra missing, or failing to import?):", red=True)
        for nodeid in unknown:
            terminalreporter.write_line(f"  {nodeid}")


@pytest.fixture(autouse=True, scope="session")
def _a_data_folder_of_the_tests(tmp_path_factory):
    """Games a test stops early are autosaved, and a save that cannot go where asked goes to the user's
    data folder ($XDG_DATA_HOME/nycrules): for the tests, a folder of their own, never the real one."""
    import os

    before = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data"))
    yield
    if before is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = before
