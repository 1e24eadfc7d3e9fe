"""SF103: a state dict rebuilt by `{**state, "af": ...}` and `state | {...}` in update functions
run in a loop; the reduced entry reaches a pmean over its axis."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init_state(axis):
    return {"axis": axis, "af": None, "n": None}


def update_af(state, x):
    return {**state, "af": jax.lax.all_gather(x.mean(axis=1), state["axis"], tiled=True, to="reduced")}


def update_n(state, x):
    return state | {"n": jax.lax.psum((x >= 0).sum(), state["axis"])}


def summarise(state):
    mean_af = jax.lax.pmean(state["af"], state["axis"])  # SF103
    return jnp.abs(mean_af).max() * state["n"]


def body(x):
    state = init_state("i")
    for update in (update_af, update_n):
        state = update(state, x)
    return summarise(state)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P())(x)
