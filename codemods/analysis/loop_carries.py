"""The carry a JAX loop gives back (issue 13): `lax.scan`, `fori_loop` and `while_loop` trace
their body once and require the carry to come out with the types it went in with. A carry that
comes out in another manual-axis state raises at the loop ("scan body function carry input and
carry output must have equal types ... the manual axis types do not match", run on jax 0.10.2
for an invariant carry made varying, a varying one psum'd to invariant, and one gathered to
reduced; fori_loop the same). So a run that goes on past the loop holds the carry in the state
it went in, whatever the analysis could not tell of the body's output (an operand it does not
know, a branch it cannot decide): the loop's result is then the traced initial carry. A carry
the analysis knows to come out otherwise makes the loop raise: nothing after it is reached, and
the result stays unknown (no finding on a line the program never gets to).

This is the one carry rule of the analysis: the abstract interpreter (control.py, higher_order.py)
and the script run (state_transforms.py, leaf by leaf) both ask `may_equal`. JAX does not join
the carry's states nor retrace the body to a fixpoint (its only second trace promotes a weakly
typed init's dtype, never its manual-axis type): forms kc2/nkc2, a reduced carry kept reduced and
one given back fresh.
"""
from __future__ import annotations

from codemods.analysis.values import UNKNOWN, AxisState, DictValue, State, TupleValue, Value, same_value


def carried(init: Value, out: Value) -> Value:
    """The loop's final carry for a run that goes on: `init` as traced (Python numbers made
    arrays, higher_order.traced_carry), unless `out` certainly differs from it."""
    return init if may_equal(out, init) else UNKNOWN


def may_equal(out: Value, init: Value) -> bool:
    """`out` may be the carry `init` comes back as: nothing known of it differs from `init`."""
    if isinstance(out, AxisState) and isinstance(init, AxisState):
        if out.mixed or init.mixed:
            return same_value(out, init)
        axes = {axis for axis, _ in out.named} | {axis for axis, _ in init.named}
        return all(_state_may_equal(out.on(axis), init.on(axis)) for axis in axes) \
            and _state_may_equal(out.rest, init.rest)
    if isinstance(out, AxisState) and not out.named and out.rest is State.UNKNOWN:
        return True  # nothing known of the output
    if isinstance(out, TupleValue) and isinstance(init, TupleValue):
        return len(out.items) == len(init.items) and all(map(may_equal, out.items, init.items))
    if isinstance(out, DictValue) and isinstance(init, DictValue):
        return out.keys == init.keys and all(map(may_equal, out.items, init.items))
    return same_value(out, init, kinds=False)


def _state_may_equal(out: State, init: State) -> bool:
    return out is State.UNKNOWN or out is init
