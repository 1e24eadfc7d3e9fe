"""A trainer class whose class attribute is reassigned by the launcher before instantiation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Trainer:
    AXES = ("data", "model")
    SPEC = P("data", "model")

    def step(self, mesh, x):
        def body(b):
            return jax.lax.pmean(jnp.mean(b), self.AXES)
        return jax.shard_map(body, mesh=mesh, in_specs=self.SPEC, out_specs=P())(x)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    Trainer.AXES = ("data",)
    Trainer.SPEC = P("data")
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, Trainer.SPEC))
    return Trainer().step(mesh, x)


if __name__ == "__main__":
    print(main(*inputs()))
