"""Two weights gathered to='reduced' over the same axis, combined only with each other."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(10)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(a, b):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    a = jax.device_put(a, NamedSharding(mesh, P("fsdp", "tp")))
    b = jax.device_put(b, NamedSharding(mesh, P("fsdp", "tp")))

    def body(sa, sb):
        wa = jax.lax.all_gather(sa, "fsdp", to="reduced", tiled=True)
        wb = jax.lax.all_gather(sb, "fsdp", to="reduced", tiled=True)
        return wa + wb * 2.0

    return jax.shard_map(body, mesh=mesh, in_specs=(P("fsdp", "tp"), P("fsdp", "tp")),
                         out_specs=P(None, "tp", reduced={"fsdp"}))(a, b)


if __name__ == "__main__":
    print(main(*inputs()))
