"""A reduced weight scaled by a scale gathered to reduced over the same axis: both reduced, accepted."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0, np.linspace(0.5, 1.5, 8, dtype=np.float32))


def main(w, s):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "tp")))
    s = jax.device_put(s, NamedSharding(mesh, P("fsdp")))

    def body(w_blk, s_blk):
        full_w = jax.lax.all_gather(w_blk, "fsdp", to="reduced", tiled=True)
        full_s = jax.lax.all_gather(s_blk, "fsdp", to="reduced", tiled=True)
        return full_w * full_s[:, None]

    return jax.shard_map(body, mesh=mesh, in_specs=(P("fsdp", "tp"), P("fsdp")),
                         out_specs=P(None, "tp", reduced={"fsdp"}))(w, s)


if __name__ == "__main__":
    print(main(*inputs()))
