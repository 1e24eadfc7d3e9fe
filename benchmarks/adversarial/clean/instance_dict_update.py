"""A config object updated through its __dict__ from a dict of overrides."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    def __init__(self):
        self.axes = ("data", "model")
        self.spec = P("data", "model")


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    cfg = Config()
    cfg.__dict__.update({"axes": ("data",), "spec": P("data")})
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, cfg.spec))

    def body(b):
        return jax.lax.pmean(jnp.mean(b, axis=0), cfg.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=cfg.spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
