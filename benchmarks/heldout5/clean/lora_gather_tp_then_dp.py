"""LoRA A factor stored (dp, tp): gathered over tp, then separately over dp."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"batch": "dp", "tensor": "tp"}


def full_a(a):
    a = jax.lax.all_gather(a, AXES["tensor"], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(a, AXES["batch"], axis=0, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 4), tuple(AXES.values()))
    a = jax.random.normal(jax.random.key(2), (16, 8)) * 0.01
    return mesh, jax.device_put(a, NamedSharding(mesh, P("dp", "tp")))


def main(mesh, a):
    return jax.shard_map(full_a, mesh=mesh, in_specs=P("dp", "tp"),
                         out_specs=P(reduced={"dp", "tp"}))(a)
