"""The byte prefilter: which files any selected rule's trigger words could fire on.

Most files of a real tree mention none of the words, and this test is the one cost every file
pays, so it is built once per run from the rules' triggers and requirements.

Why skipping never loses a finding (a full run reports nothing the filtered run does not):
a rule's words are a gate of the rule itself, not a guess about what its analysis will read.
The engine gives a rule only texts whose UTF-8 holds its words, with the filters on and off
(engine._in_scope), so a file this test rejects is one on which no selected rule runs in a full
run either; what is left to show is that the gate costs the rules nothing they could find.

Guessing the words an analysis needs cannot be made sound: the analysis runs the module, and
reads by value texts the file never spells (`to="re" "duced"`, `"r\\x65duced"`, `f"{m}duced"`,
`"".join(...)`, `"REDUCED".lower()`, `getattr(lax, "p" + op)` with `op` from argv or a config
text, an identifier Python NFKC-normalises, `lax.\uff50sum` being `lax.psum`). No list of
spellings covers what an interpreter computes, and a check after the run cannot help a file
that was never run. So each rule's words are the gate its own analysis already has:

- The state rules (SF101-SF103, SF105-SF107) render problems of one shared analysis
  (rules/_typerules.analysis and analysis/state_runs.state_stop), which returns nothing for a
  text without jaxapi.STATE_GATE ("shard_map"); it is their one word (_typerules.StateRule).
  Every finding of theirs comes from that analysis, so the words remove exactly what the
  analysis would not look at. `"shard_map" in text` is `b"shard_map" in text.encode()`: UTF-8
  writes ASCII as itself and no other character with an ASCII byte.
- Other rules' words define what they report: a rule that resolves names through a module's
  bindings, as all of them do, needs its API's name spelled (an `import`, an attribute), and
  the gate makes the rare rest (a name reached only by an NFKC-normalised identifier or a
  computed `getattr` text) out of scope in both modes instead of found only with the filters
  off.

The names filter after parsing (Rule.may_fire) and the sparse text (sparse.py) are not part of
this proof: the rules whose analysis reaches APIs through computed texts (the state rules,
SF104's script run) ask for no names, and for the migration rules the two are only tested
(tests/test_filters.py), not proved.
"""
from __future__ import annotations


class TriggerTest:
    """`any(rule.may_match(data) for rule in rules)` with far fewer passes over the file.

    Each pass of `in` reads the whole file, and the rules' words overlap: a word is searched for
    at most once per file, and not at all when a word inside it is absent (`preduced` after
    `reduced`). Substrings that several words share are added as such markers, so one pass can
    rule out several words. A rule that defines its own `may_match` is asked as it is.
    """

    def __init__(self, rules) -> None:
        from codemods.rules.base import Rule

        own = [rule for rule in rules if type(rule).may_match.__func__ is not Rule.may_match.__func__]
        self.own = tuple(own)
        # Requirements first: one word shared by several rules (b"shard_map") rules them all out.
        self.terms = tuple((tuple(rule.requires), tuple(rule.triggers)) for rule in rules if rule not in own)
        words = {word for requires, triggers in self.terms for word in requires + triggers}
        markers = words | _shared_substrings(words)
        # The markers inside each word, those shared by the most words first.
        shared = {marker: sum(marker in word for word in words) for marker in markers}
        self.inside = {
            word: tuple(sorted((m for m in markers if m != word and m in word), key=lambda m: (-shared[m], -len(m), m)))
            for word in markers
        }

    def __call__(self, data: bytes) -> bool:
        # Loops, not any()/all() over generators: this runs for every file.
        known: dict[bytes, bool] = {}
        inside = self.inside

        def has(word: bytes) -> bool:
            value = known.get(word)
            if value is None:
                value = True
                for marker in inside[word]:
                    if not has(marker):
                        value = False
                        break
                else:
                    value = word in data
                known[word] = value
            return value

        for requires, triggers in self.terms:
            for word in requires:
                if not has(word):
                    break
            else:
                for word in triggers:
                    if has(word):
                        return True
        for rule in self.own:
            if rule.may_match(data):
                return True
        return False


def _shared_substrings(words: set[bytes], shortest: int = 5) -> set[bytes]:
    """The longest common substring of each pair of words, when it is at least `shortest` long
    and shorter than both (a word inside another is a marker already)."""
    found = set()
    ordered = sorted(words)
    for index, first in enumerate(ordered):
        for second in ordered[index + 1:]:
            best = b""
            for start in range(len(first)):
                for end in range(start + len(best) + 1, len(first) + 1):
                    if first[start:end] not in second:
                        break
                    best = first[start:end]
            if len(best) >= shortest and best != first and best != second:
                found.add(best)
    return found
