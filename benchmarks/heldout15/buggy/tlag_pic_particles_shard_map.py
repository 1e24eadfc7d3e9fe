"""PIC diagnostics: pushed particles come out of a shard_map, phase space collected for plots."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P

PHASE_SPACE = {"particles": P(("ptcl", "cell")), "plot": P("cell", reduced={"ptcl"})}
DT = 0.1


def inputs():
    x = np.linspace(0, 1, 64, dtype=np.float32)
    v = np.cos(x * 6).astype(np.float32)
    return x, v


def push(x, v):
    v = v - DT * jnp.sin(2 * jnp.pi * x)
    return (x + DT * v) % 1.0


def main(x, v):
    mesh = jax.make_mesh((2, 4), ("ptcl", "cell"))
    with jax.set_mesh(mesh):
        spec = PHASE_SPACE["particles"]
        x = jax.device_put(x, spec)
        v = jax.device_put(v, spec)
        x_new = jax.shard_map(push, in_specs=(spec, spec), out_specs=spec)(x, v)
        plot = top_level_all_gather(x_new, PHASE_SPACE["plot"])
        return plot


if __name__ == "__main__":
    print(main(*inputs()))
