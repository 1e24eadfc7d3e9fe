"""The rank of NumPy arrays a script run builds where the text leaves no doubt (script_run.py;
issue 13).

Data pipelines place each array of a batch with a spec built from its rank,
`P(dp, *([None] * (v.ndim - 1)))`, after making the batch with a random Generator
(`rng.random((n, seq))`, `rng.integers(1, vocab, (n, seq))`), masks by comparison
(`rng.random(shape) < 0.3`) and `np.where(mask, 0, text)`. Each of these has a rank fixed by its
arguments whatever the values: a Generator method's `size` (by keyword or in its place among the
positional arguments), the broadcast of a comparison's sides (the larger rank, a number being of
rank 0), and the broadcast of `where`'s three arguments. Any argument of unknown rank leaves the
rank unknown (None).
"""
from __future__ import annotations

# numpy.random.Generator: where `size` sits among each method's positional parameters
_SIZE_PLACE = {"random": 0, "standard_normal": 0, "integers": 2, "normal": 2, "uniform": 2}
_WHERE = ("numpy.where", "jax.numpy.where")


def generator_rank(method: str, args: list, kwargs: dict) -> int | None:
    """`rng.random((8, 4))`, `rng.integers(1, 50, (8, 4))`, `rng.normal(size=8)`: the rank of size."""
    from codemods.analysis.script_operators import shape_rank

    place = _SIZE_PLACE.get(method)
    if place is None:
        return None
    if "size" in kwargs:
        return shape_rank(kwargs["size"]) if len(args) <= place else None
    if len(args) > place:
        return shape_rank(args[place])
    return None


def broadcast_rank(values: list) -> int | None:
    """The rank of an elementwise result of arrays (`.ndim` known) and Python numbers."""
    from codemods.analysis.script_values import Arr

    ranks = set()
    for value in values:
        if type(value) is Arr:
            ranks.add(value.ndim)
        elif type(value) in (int, float, bool):
            ranks.add(0)
        else:
            return None
    return None if None in ranks or not ranks else max(ranks)


def where_rank(name: str, args: list, kwargs: dict) -> int | None:
    """`np.where(mask, 0, text)`: the broadcast of its three arguments."""
    if name in _WHERE and len(args) == 3 and not kwargs:
        return broadcast_rank(args)
    return None


def sliced_rank(rank: int | None, index) -> int | None:
    """`v[i:i + batch]`, `x[:, 1:]`: basic slices in every place keep the rank (an integer, a
    mask, `None` or `...` there would change it: unknown)."""
    import ast

    parts = index.elts if type(index) is ast.Tuple else [index]
    if rank is None or not all(type(part) is ast.Slice for part in parts) or len(parts) > rank:
        return None
    return rank
