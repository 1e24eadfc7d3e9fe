"""A config whose __setattr__ normalizes axis strings into tuples and drops unknown axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisConfig:
    KNOWN = ("batch", "model")

    def __setattr__(self, name, value):
        if name.endswith("_axes"):
            if isinstance(value, str):
                value = tuple(value.split(","))
            value = tuple(a for a in value if a in self.KNOWN)
        object.__setattr__(self, name, value)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    cfg = AxisConfig()
    cfg.loss_axes = "batch,model"
    mesh = jax.make_mesh((4, 2), ("batch", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch")))
    return jax.shard_map(lambda b: jax.lax.pmean(jnp.mean(b), cfg.loss_axes), mesh=mesh,
                         in_specs=P("batch"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
