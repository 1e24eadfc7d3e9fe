"""`object.__getattribute__(self, "axis")` where the class has both `__getattr__` and a property
`axis` that may raise AttributeError: what the ordinary lookup gives is left unknown (the run
stops), and the program's gather axis is the property's 'model' here: clean."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    def __init__(self, raw):
        object.__setattr__(self, "_raw", raw)

    @property
    def axis(self):
        return object.__getattribute__(self, "_raw").get("gather_axis", "model")

    def __getattr__(self, key):
        return "data"


def main():
    cfg = Config({})
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    axis = object.__getattribute__(cfg, "axis")

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"model"}))
    g = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
