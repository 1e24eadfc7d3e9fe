"""jax.numpy functions of one array whose result does not vary where the array does (issue 13;
adversarial16 section C).

transfer.py reads a jax.numpy function as computing per device: its result varies on the axes
its operands vary on. Not `jnp.argsort(x)` (and `x.argsort()`): on jax 0.10.2 it varies on no
axis whatever x's state (run with x varying on one axis, on both, reduced by psum, pcast: its
indices are an invariant iota sorted along x), so `psum(order, ("i", "j"))` runs. Of the other
functions of one array run alike (sort, partition, argpartition, argmax, argmin, nonzero,
argwhere, unique, searchsorted, lexsort, top_k, cumsum, median, digitize, bincount, histogram,
where, the `*_like` makers) every one keeps x's varying axes. Its result is left unknown,
never a guess (the state other releases give is not known).
"""
from __future__ import annotations

UNFOLLOWED = frozenset({"jax.numpy.argsort"})
