"""The golden answers: no answer of any corpus moves unless a commit says why.

``tools/golden.py`` makes every corpus (the examples; clean, stacked, irregular, house-rule,
claimed, score-only and damaged records of every variant, from fixed seeds) and fingerprints
each record and the referee's answer to it; ``tests/golden/answers.txt`` holds the answers
recorded before a change to the core. ``make test`` runs this file on both builds of the
core, so a refactor is checked byte for byte on each. A change of meaning rewrites the file
(``python -m tools.golden --write``) in the commit that argues it;
``python -m tools.golden --show NAME`` prints a record and its answer.
"""

from __future__ import annotations

from tools import golden


def test_no_answer_of_any_corpus_moved():
    recorded = golden.ANSWERS.read_text(encoding="utf-8").splitlines()
    moved = golden.differences(recorded, list(golden.lines()))
    assert not moved, f"{len(moved)} of {len(recorded)} moved, first: " + "; ".join(moved[:10])


def test_the_corpora_cover_every_variant_of_the_registry():
    from hearts_referee import VARIANTS

    names = {name for name, _ in golden.corpus() if name.startswith("clean/")}
    assert len(names) == golden.PER_VARIANT * len(VARIANTS)


def test_a_moved_answer_is_told_apart_from_a_moved_record():
    recorded = ["clean/0 aaaa bbbb", "clean/1 cccc dddd", "clean/2 eeee ffff"]
    now = ["clean/0 aaaa bbbb", "clean/1 cccc 0000", "clean/2 1111 ffff", "clean/3 2222 3333"]
    assert golden.differences(recorded, now) == [
        "clean/1: the answer moved",
        "clean/2: the record itself changed (the corpus moved, not the referee)",
        "clean/3: made, never recorded",
    ]
