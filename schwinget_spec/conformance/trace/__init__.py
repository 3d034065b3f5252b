"""The trace format: its JSON Schema (``trace.schema.json``), the reader of a trace's text, and the verifier that replays a trace against the reference."""
