"""``python -m schwinget_spec.cli``: the ``schwinget`` command."""

from schwinget_spec.cli import main

if __name__ == "__main__":
    main()
