"""Options applied with setattr from a key=value list (names computed at run time)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Options:
    sync_axes = ("data", "model")
    clip = 1.0


def apply_overrides(opts, pairs):
    for pair in pairs:
        key, value = pair.split("=")
        setattr(opts, key.replace("-", "_"), tuple(value.split("+")) if "axes" in key else float(value))
    return opts


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) - 32.0,)


def main(g):
    opts = apply_overrides(Options(), ["sync-axes=data", "clip=2.0"])
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    g = jax.device_put(g, NamedSharding(mesh, P("data", None)))

    def clipped_sum(grad):
        return jax.lax.psum(jnp.clip(grad, -opts.clip, opts.clip).sum(axis=0), opts.sync_axes)

    return jax.shard_map(clipped_sum, mesh=mesh, in_specs=P("data", None), out_specs=P())(g)


if __name__ == "__main__":
    print(main(*inputs()))
