import sys
from pathlib import Path

# Tests import the scenario harness (tests/scenario.py) and the package from the checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest  # noqa: E402


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
