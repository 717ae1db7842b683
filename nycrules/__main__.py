"""`python -m nycrules`: the command line, as the `nycrules` command runs it."""

from nycrules.cli import main

main()
