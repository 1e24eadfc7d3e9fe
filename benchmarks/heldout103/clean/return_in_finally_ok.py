import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

def loss_scale(cfg):
    try:
        scale = cfg["loss_scale"]
    except KeyError:
        scale = None
    finally:
        # a return in finally wins over everything above
        return 1.0 if not cfg.get("amp") else 0.5


def body(block):
    rows = jax.lax.all_gather(block, "data", axis=0, tiled=True, to="reduced")
    s = loss_scale({"amp": False})
    return rows * s if s != 1.0 else rows


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, "model", reduced={"data"}))
    return f(x)


if __name__ == "__main__":
    main()
