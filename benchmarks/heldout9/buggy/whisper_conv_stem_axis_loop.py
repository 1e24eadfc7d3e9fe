"""Whisper-like conv stem whose kernels are sharded over both mesh axes; they are gathered one
axis at a time, growing the tuple of gathered axes in a loop."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_ORDER = ("model", "data")


def gather_kernel(w):
    axes = ()
    for ax in GATHER_ORDER:
        axes = (*axes, ax)
        w = jax.lax.all_gather(w, axes, axis=2 if ax == "model" else 1, tiled=True, to="reduced")
    return w


def conv_stem(x, w):
    w_full = gather_kernel(w)
    return w_full


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w_spec = P(None, "data", "model")
    f = jax.shard_map(conv_stem, mesh=mesh, in_specs=(P("data", None, None), w_spec),
                      out_specs=P(None, None, None, reduced={"data", "model"}))
    return f(jax.device_put(x, NamedSharding(mesh, P("data", None, None))),
             jax.device_put(w, NamedSharding(mesh, w_spec)))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(21))
    return jax.random.normal(k1, (4, 32, 8)), jax.random.normal(k2, (3, 8, 16))
