"""A config attribute changed between two calls of a jitted step: the trace is reused."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


class Cfg:
    sync = ("i",)


def body(block):
    rows = jax.lax.psum(block, "j")
    return jax.lax.psum(rows, Cfg.sync)


def main(mesh, x):
    step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P()))
    outs = [step(x)]
    Cfg.sync = ("i", "j")
    outs.append(step(x))
    return outs


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
