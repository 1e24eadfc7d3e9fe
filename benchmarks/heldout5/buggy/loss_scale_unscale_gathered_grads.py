"""Mixed precision: FSDP grads gathered to reduced, then unscaled by the loss scale."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class LossScaleState:
    scale: float = 2.0 ** 12
    growth_interval: int = 2000


def unscale(grads, state, axis):
    full = jax.tree.map(lambda g: jax.lax.all_gather(g, axis, tiled=True, to="reduced"), grads)
    return jax.tree.map(lambda g: g * (1.0 / state.scale), full)


def inputs():
    mesh = jax.make_mesh((8,), ("fsdp",))
    s = NamedSharding(mesh, P("fsdp"))
    grads = {"w": jax.device_put(jnp.ones((16, 4)) * 4096.0, s), "b": jax.device_put(jnp.ones((8,)), s)}
    return mesh, grads


def main(mesh, grads):
    state = LossScaleState()
    f = jax.shard_map(lambda g: unscale(g, state, "fsdp"), mesh=mesh,
                      in_specs=({"w": P("fsdp"), "b": P("fsdp")},),
                      out_specs={"w": P(reduced={"fsdp"}), "b": P(reduced={"fsdp"})})
    return f(grads)
