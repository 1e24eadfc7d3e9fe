"""Mixed precision: grads are unscaled while still sharded, then gathered to reduced."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_SCALE = 2.0 ** 12


def unscale_and_gather(grads, axis="fsdp"):
    grads = jax.tree.map(lambda g: g / LOSS_SCALE, grads)
    return jax.tree.map(lambda g: jax.lax.all_gather(g, axis, tiled=True, to="reduced"), grads)


def inputs():
    mesh = jax.make_mesh((8,), ("fsdp",))
    s = NamedSharding(mesh, P("fsdp"))
    return mesh, {"w": jax.device_put(jnp.ones((16, 4)) * 4096.0, s), "b": jax.device_put(jnp.ones((8,)), s)}


def main(mesh, grads):
    specs = {"w": P("fsdp"), "b": P("fsdp")}
    out = jax.tree.map(lambda _: P(reduced={"fsdp"}), specs)
    return jax.shard_map(unscale_and_gather, mesh=mesh, in_specs=(specs,), out_specs=out)(grads)
