"""A helper updates the dict it is handed; then the dict is handed on."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
CFG = {"sync": ("i", "j")}


def reduce_cfg(mesh, x, cfg):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, cfg["sync"])
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def narrow(cfg):
    cfg.update(sync=("i",))


def main(mesh, x):
    narrow(dict(CFG))
    return reduce_cfg(mesh, x, CFG)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
