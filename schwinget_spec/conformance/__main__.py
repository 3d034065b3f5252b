"""``python -m schwinget_spec.conformance --write DIR`` regenerates the vector suite; ``--check`` runs it against the reference."""

from __future__ import annotations

import sys

from schwinget_spec.conformance.vectors import main

sys.exit(main())
