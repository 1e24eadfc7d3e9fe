"""Python's own readings the analysis models (devdv): loops walking what their body appends,
version tests evaluated as Python does."""
from __future__ import annotations

import ast

from codemods.analysis import guards
from codemods.analysis.self_changing_loops import changes_what_it_walks


def _loop(text: str) -> ast.For:
    return next(node for node in ast.walk(ast.parse(text)) if type(node) is ast.For)


def test_a_loop_growing_its_own_list_is_seen():
    assert changes_what_it_walks(_loop("for x in queue:\n    queue.extend(more)\n"))
    assert changes_what_it_walks(_loop("for k, x in enumerate(rules):\n    rules.append(x)\n"))
    assert changes_what_it_walks(_loop("for x in queue:\n    queue += [x]\n"))
    assert changes_what_it_walks(_loop("for k in table:\n    table['new'] = 1\n"))


def test_copies_counts_and_items_replaced_in_place_are_not_changes():
    assert not changes_what_it_walks(_loop("for x in sorted(queue):\n    queue.append(x)\n"))
    assert not changes_what_it_walks(_loop("for i in range(len(queue)):\n    queue.append(i)\n"))
    assert not changes_what_it_walks(_loop("for k, v in table.items():\n    table[k] = v * 2\n"))


def _taken(test: str, target=(0, 10, 2)):
    tree = ast.parse(f"import jax\n{test}\nif GUARD:\n    a = 1\nelse:\n    b = 2\n")
    regions = guards.other_generation(tree, target)
    if len(regions) != 1:
        return None
    return {4: False, 6: True}[regions[0][0]]


def test_version_strings_compare_as_strings():
    assert _taken('GUARD = jax.__version__ >= "0.8"') is False  # "0.10.2" < "0.8"
    assert _taken('GUARD = jax.__version__ >= "0.1"') is True


def test_version_tuples_parsed_from_the_string_compare_as_tuples():
    assert _taken('GUARD = tuple(int(p) for p in jax.__version__.split(".")[:2]) < (0, 8)') is False
    assert _taken('GUARD = jax.__version_info__ <= (0, 10)') is False  # (0, 10, 2) > (0, 10)


def test_a_getattr_default_of_a_removed_name_is_none():
    assert _taken('GUARD = getattr(jax.lax, "pvary", None) is not None') is False


def test_hasattr_reads_the_release_table_unless_the_program_patches_the_name():
    # (codemods/jax_names.py: jax.lax has no ragged_all_to_all_v2 on any release, psum on every one)
    assert _taken('GUARD = hasattr(jax.lax, "ragged_all_to_all_v2")') is False
    assert _taken('GUARD = hasattr(jax.lax, "psum")') is True
    assert _taken('GUARD = hasattr(jax.lax, "psum")', target=(0, 11, 0)) is None  # (a later JAX may remove it)
    assert _taken('jax.lax.ragged_all_to_all_v2 = f\nGUARD = hasattr(jax.lax, "ragged_all_to_all_v2")') is None
    assert _taken('setattr(jax.lax, name, f)\nGUARD = hasattr(jax.lax, "ragged_all_to_all_v2")') is None
    assert _taken('del jax.lax.psum\nGUARD = hasattr(jax.lax, "psum")') is None
