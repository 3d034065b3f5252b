"""The registries built on the clauses: the booklet's open questions and errata, and each clause's evidence (where it is enforced and tested, how strongly it is verified)."""
