"""The logit-max axis is read from a config with try/except/else and normalised in `else`."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"vocab_axis": " model "}


def vocab_axis(cfg):
    try:
        raw = cfg["vocab_axis"]
    except KeyError:
        axis = "model"
    else:
        axis = raw.strip()
    finally:
        cfg.setdefault("seen", True)
    return axis


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    axis = vocab_axis(CONFIG)

    def body(logits):
        full = jax.lax.all_gather(logits, axis, axis=1, tiled=True, to="reduced")
        peak = jax.lax.pmax(full, axis)
        return peak

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("data", None))(x)


if __name__ == "__main__":
    main()
