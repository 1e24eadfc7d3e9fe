"""A ZeRO-3 flag picks the gather; the arithmetic that needs a non-reduced weight is under `not zero3`."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def layer(x, w_shard, zero3):
    if zero3:
        w = jax.lax.all_gather(w_shard, "fsdp", to="reduced", tiled=True)
    else:
        w = jax.lax.all_gather(w_shard, "fsdp", to="invarying", tiled=True)
    h = x @ w
    if not zero3:
        h = h + jnp.sum(w) * 1e-3
    h = h + jnp.sum(w) * 1e-3
    return h


def inputs():
    rng = np.random.default_rng(11)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("fsdp", "data"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp")))
    outs = []
    for zero3 in (True, False):
        f = jax.shard_map(lambda a, b, z=zero3: layer(a, b, z), mesh=mesh,
                          in_specs=(P("data"), P("fsdp")), out_specs=P("data"))
        outs.append(f(x, w))
    return outs[0] + outs[1]


if __name__ == "__main__":
    print(main(*inputs()))
