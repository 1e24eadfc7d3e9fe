"""Reductions over array dimensions the transfer generator did not try, and functions seen to
return one array (issue 13, heldout9/heldout10 misses)."""
from __future__ import annotations

from codemods.analysis import transfer as analysis_transfer
from codemods.transfer import table as transfer

TARGET = (0, 10, 2)


def _operation(name):
    return transfer.load(TARGET).operation(name)


def test_sum_over_untried_dimensions_keeps_reduced_like_every_tried_one():
    # jnp.sum keeps a reduced operand reduced over axis=0, 1, -1 and (0, 1): any other
    # dimensions (a 4-D activation pooled over (1, 2)) cannot change the mesh state.
    for name in ("jax.numpy.sum", "method:sum"):
        for case in ("reduced|axis=(1, 2)", "reduced|axis=(0,)", "reduced|axis=2", "reduced|axis=-2|keepdims=True"):
            assert transfer.keeps_reduced(_operation(name), case), (name, case)


def test_tuple_of_dimensions_stays_unknown_where_none_was_tried():
    # argmax and cumsum take one dimension: a tuple raises a TypeError, never a state.
    for name in ("jax.numpy.argmax", "jax.numpy.cumsum"):
        assert transfer.state_after(_operation(name), "reduced|axis=(1, 2)") is None


def test_untried_dimension_stays_unknown_where_tried_ones_disagree():
    # jnp.mean of a reduced operand raised for some tried dimensions: nothing is inferred.
    assert transfer.state_after(_operation("jax.numpy.mean"), "reduced|axis=(1, 2)") is None


def test_contractions_are_one_array_and_tuple_results_are_not_known_so():
    assert analysis_transfer.elementwise_rule("jax.numpy.einsum", TARGET).one_array
    assert analysis_transfer.elementwise_rule("jax.numpy.dot", TARGET).one_array
    broadcast = analysis_transfer.elementwise_rule("jax.numpy.broadcast_arrays", TARGET)
    assert broadcast is None or not broadcast.one_array


def test_tried_axis_in_untried_keyword_combination_reads_agreeing_siblings():
    # `x.mean(axis=1, keepdims=True)` was not tried; `axis=1`, `axis=0|keepdims=True` and
    # `axis=-1|keepdims=True` were, and all raised the same error (heldout29 grpo, lbm).
    for name in ("jax.numpy.mean", "method:mean", "method:std"):
        assert transfer.raises(_operation(name), "reduced|axis=1|keepdims=True",
                               "Inputs cannot be replicated"), name
    assert transfer.keeps_reduced(_operation("method:sum"), "reduced|axis=1|keepdims=True")


def test_untried_keyword_combination_stays_unknown_without_every_sibling():
    # `axis=0|dtype=float32` was never tried beside `axis=-1|dtype=float32`: nothing is inferred.
    assert _operation("jax.numpy.mean").outcome("reduced|axis=1|dtype=float32") is None
