"""Reductions over array dimensions the transfer generator did not try, and functions seen to
return one array (issue 13, heldout9/heldout10 misses)."""
from __future__ import annotations

from codemods.analysis import transfer as analysis_transfer, transfer_keys
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


def test_untried_dimension_gives_no_state_where_tried_ones_raised():
    # jnp.mean of a reduced operand raised for every tried dimension: no state is inferred.
    assert transfer.state_after(_operation("jax.numpy.mean"), "reduced|axis=(1, 2)") is None


def test_untried_dimensions_raise_where_every_tried_one_rejected_the_reduced_operand():
    # Run on jax 0.10.2: jnp.mean(r, axis=(1, 2)) of a 3-D r reduced on 'j' raises "Inputs cannot be
    # replicated ..." (the division by the count), as every tried dimension did on 2-D operands.
    for name in ("jax.numpy.mean", "method:mean"):
        for case in ("reduced|axis=(1, 2)", "reduced|axis=2"):
            assert transfer.raises(_operation(name), case, "Inputs cannot be replicated"), (name, case)
    # argmax was not seen to raise so: a tuple stays unknown, an error included
    assert _operation("jax.numpy.argmax").outcome("reduced|axis=(1, 2)") is None


def test_a_long_list_of_alike_arrays_reads_as_the_observed_lists():
    # jnp.stack of eight arrays reduced on 'j' (run on 0.10.2: reduced on 'j'); the table holds
    # lists of two and three, which agree.
    from codemods.analysis.values import AxisState, State, TupleValue

    reduced = AxisState.of({"j": State.REDUCED, "i": State.VARYING}, State.INVARIANT, "r")
    stack = analysis_transfer.elementwise_rule("jax.numpy.stack", TARGET)
    keys = transfer_keys.case_keys(stack, [TupleValue((reduced,) * 8)], {}, "j")
    assert keys is not None and len(keys) == 2 and stack.state(keys) is State.REDUCED
    varying = AxisState.of({"j": State.VARYING, "i": State.VARYING}, State.INVARIANT, "v")
    mixed = TupleValue((reduced,) * 7 + (varying,))
    assert stack.state(transfer_keys.case_keys(stack, [mixed], {}, "j")) is None  # not alike: never observed
    block = analysis_transfer.elementwise_rule("jax.numpy.block", TARGET)
    assert block is None or block.state(transfer_keys.case_keys(block, [TupleValue((reduced,) * 8)], {}, "j")) is None


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
