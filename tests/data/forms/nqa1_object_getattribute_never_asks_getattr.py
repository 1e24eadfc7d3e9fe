"""`object.__getattribute__(cfg, "log_axis")` is the ordinary lookup: the instance holds no
`log_axis`, so it raises AttributeError without asking the class's `__getattr__` (which would
answer 'data'); the program falls back to 'model', where the psum result still varies: clean."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    def __init__(self, raw):
        object.__setattr__(self, "_raw", raw)

    def __getattr__(self, key):
        return object.__getattribute__(self, "_raw")[key]


def gather_axis(cfg):
    try:
        return object.__getattribute__(cfg, "log_axis")
    except AttributeError:
        return "model"


def main():
    cfg = Config({"log_axis": "data"})
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    axis = gather_axis(cfg)

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"model"}))
    g = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
