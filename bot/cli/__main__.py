"""`python -m bot.cli` runs the same command as the `admiralty` console script."""
import sys

from bot.cli import main

sys.exit(main())
