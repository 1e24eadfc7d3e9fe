"""FSDP-style layer: the reduced gathered weight goes through a matmul (which drops the reduced type)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("fsdp", "tp")))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "tp")))

    def layer(xb, wb):
        w_full = jax.lax.all_gather(wb, "fsdp", to="reduced", tiled=True)
        h = xb @ w_full.T
        h = jax.nn.relu(h) * 0.5 + 1.0
        return h

    return jax.shard_map(layer, mesh=mesh, in_specs=(P("fsdp", "tp"), P("fsdp", "tp")),
                         out_specs=P("fsdp", "tp"))(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
