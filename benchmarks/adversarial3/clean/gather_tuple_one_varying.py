"""A reduced gather over both mesh axes of a value sharded on only one of them (legal for tuples)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((2, 4), ("dp", "tp")), np.arange(16, dtype=np.float32).reshape(8, 2)


def main(mesh, x):
    dp, tp = mesh.axis_names
    x = jax.device_put(x, NamedSharding(mesh, P(dp)))

    def body(x):
        return jnp.abs(jax.lax.all_gather(x, (dp, tp), to="reduced", tiled=True))

    out = jax.shard_map(body, mesh=mesh, in_specs=P(dp), out_specs=P(None, reduced={dp, tp}))(x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
