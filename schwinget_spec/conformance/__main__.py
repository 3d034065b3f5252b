"""``python -m schwinget_spec.conformance --write DIR`` regenerates the vector suite; ``--check`` runs it against the reference."""

from __future__ import annotations

import sys

from schwinget_spec.cli.common import exit_interrupted
from schwinget_spec.conformance.protocol.engine_session import terminate_as_interrupt
from schwinget_spec.conformance.vectors import main
from schwinget_spec.support.startup import interrupts_raise

# Ctrl-C (SIGINT) and SIGTERM end the program as they end every ``schwinget`` command:
# exit code 130 and one line saying what was saved, never a traceback.
try:
    with interrupts_raise(), terminate_as_interrupt():
        code = main()
except KeyboardInterrupt:
    exit_interrupted("stopped before the end; a --write directory may hold only some of the files, write it again")
sys.exit(code)
