import sys
from pathlib import Path

# Tests import the scenario harness (tests/scenario.py) and the package from the checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
