"""make_step is called with EVAL (both axes, on a value split over both) and with TRAIN (one axis, on a value split over 'data' only); each call is right for its input."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN = {"axes": "data", "spec": P("data", None)}
EVAL = {"axes": ("data", "model"), "spec": P("data", "model")}


def make_step(mesh, cfg):
    def body(block):
        return jax.lax.psum(block.sum(axis=0), cfg["axes"])
    return jax.shard_map(body, mesh=mesh, in_specs=cfg["spec"], out_specs=P())


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    t = make_step(mesh, TRAIN)(x)
    xe = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    e = make_step(mesh, EVAL)(xe)
    return t, e


if __name__ == "__main__":
    print(main(*inputs()))
