import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


class Config:
    pass


cfg = Config()
cfg.sum_axis = cfg.gather_axis = "model"


def body(block):
    total = jax.lax.psum(block, cfg.sum_axis)
    out = jax.lax.all_gather(total, cfg.gather_axis, axis=1, tiled=True, to="reduced")
    return out


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P("data", None, reduced={"model"}))
    return f(x)


if __name__ == "__main__":
    main()
