"""A config dict narrowed in place by a helper (through an alias), then read by the step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"reduce_axes": ("data", "model"), "batch_spec": P("data", "model")}


def use_pure_data_parallel(cfg):
    c = cfg
    c["reduce_axes"] = ("data",)
    c["batch_spec"] = P("data")


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    use_pure_data_parallel(CONFIG)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, CONFIG["batch_spec"]))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), CONFIG["reduce_axes"])

    return jax.shard_map(body, mesh=mesh, in_specs=CONFIG["batch_spec"], out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
