"""A config class with a classmethod factory for the data-parallel preset."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RunConfig:
    def __init__(self, reduce_axes=("data", "model"), batch_spec=P("data", "model")):
        self.reduce_axes = reduce_axes
        self.batch_spec = batch_spec

    @classmethod
    def data_parallel(cls):
        return cls(reduce_axes=("data",), batch_spec=P("data"))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    cfg = RunConfig.data_parallel()
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, cfg.batch_spec))

    @jax.checkpoint
    def body(b):
        return jax.lax.pmean(jnp.mean(b, axis=0), cfg.reduce_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=cfg.batch_spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
