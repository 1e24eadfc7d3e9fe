"""The carry a JAX loop gives back (issue 13): `lax.scan`, `fori_loop` and `while_loop` trace
their body once and require the carry to come out with the types it went in with. A carry that
comes out in another manual-axis state raises at the loop ("scan body function carry input and
carry output must have equal types ... the manual axis types do not match", run on jax 0.10.2
for an invariant carry made varying, a varying one psum'd to invariant, and one gathered to
reduced; fori_loop the same). So a run that goes on past the loop holds the carry in the state
it went in, whatever the analysis could tell of the body's output (an operand it does not know,
a branch it cannot decide): the loop's result is the traced initial carry, never a guess.
"""
from __future__ import annotations

from codemods.analysis.values import Value


def carried(init: Value) -> Value:
    """The loop's final carry, for a run that goes on: `init` as traced (Python numbers made
    arrays, higher_order.traced_carry)."""
    return init
