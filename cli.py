"""The `nycrules` command run from a checkout without installing it: `python cli.py ARGS`.

The command line itself is nycrules/cli/ (installed as the `nycrules` command and `python -m nycrules`).
"""

from nycrules.cli import main

if __name__ == "__main__":
    main()
